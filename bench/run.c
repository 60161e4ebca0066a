// SPDX-License-Identifier: GPL-2.0
/*
 * One timed run of asid_bench: forked workers, a process-shared barrier and
 * the results, all in one shared anonymous mapping; see bench.h.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "charge.h"

struct slot {
	int err;		/* -errno of the step that failed, or 0 */
	const char *what;	/* that step; a literal, valid after fork */
	struct asid_test_bench b;
};

struct shared {
	pthread_barrier_t start;
	struct slot slot[BENCH_MAX_WORKERS];
};

static void fail(struct slot *s, const char *what, int err)
{
	s->what = what;
	s->err = err;
}

/* Pin worker @i to CPU @i, move it to its cgroup, open the device. */
static int worker_setup(struct slot *s, const struct job *j, int i)
{
	cpu_set_t cpus;
	int ret;

	CPU_ZERO(&cpus);
	CPU_SET(i, &cpus);
	if (sched_setaffinity(0, sizeof(cpus), &cpus)) {
		fail(s, "sched_setaffinity", -errno);
		return -1;
	}
	ret = cg_move(j->tree->leaf[i], 0);
	if (ret) {
		fail(s, "join cgroup", ret);
		return -1;
	}
	ret = chg_open();
	if (ret < 0)
		fail(s, "open " ASID_TEST_DEV, ret);
	return ret;
}

/*
 * A worker that fails to set up still waits at the barrier, so that the
 * others are not left waiting for it; it then skips the benchmark.
 */
static void worker(struct shared *sh, const struct job *j, int i)
{
	struct slot *s = &sh->slot[i];
	int fd = worker_setup(s, j, i);

	pthread_barrier_wait(&sh->start);
	if (fd >= 0 && ioctl(fd, ASID_TEST_BENCH, &s->b))
		fail(s, "ASID_TEST_BENCH", -errno);
	_exit(0);
}

static struct shared *shared_new(const struct job *j)
{
	pthread_barrierattr_t attr;
	struct shared *sh;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		return NULL;
	pthread_barrierattr_init(&attr);
	pthread_barrierattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
	pthread_barrier_init(&sh->start, &attr, j->threads);
	pthread_barrierattr_destroy(&attr);

	for (int i = 0; i < j->threads; i++) {
		struct asid_test_bench *b = &sh->slot[i].b;

		b->type = j->type;
		b->flags = j->flags;
		b->iterations = j->iters;
		b->limit = j->limit;
		b->limit_up = j->limit_up;
	}
	return sh;
}

static void shared_free(struct shared *sh)
{
	pthread_barrier_destroy(&sh->start);
	munmap(sh, sizeof(*sh));
}

/* Undo a partial fork: the workers already started wait at the barrier. */
static void kill_workers(const pid_t *pids, int n)
{
	for (int i = 0; i < n; i++)
		kill(pids[i], SIGKILL);
	for (int i = 0; i < n; i++)
		waitpid(pids[i], NULL, 0);
}

int run_job(const struct job *j, struct result *r)
{
	pid_t pids[BENCH_MAX_WORKERS];
	uint64_t first_start = 0, last_start = 0, first_end = 0, last_end = 0;
	struct shared *sh;
	int status, bad = 0;

	sh = shared_new(j);
	if (!sh) {
		fprintf(stderr, "# bench: mmap: %s\n", strerror(errno));
		return -1;
	}
	/* Children must not flush a copy of our buffered output. */
	fflush(NULL);
	for (int i = 0; i < j->threads; i++) {
		pids[i] = fork();
		if (pids[i] < 0) {
			fprintf(stderr, "# bench: fork: %s\n", strerror(errno));
			kill_workers(pids, i);
			shared_free(sh);
			return -1;
		}
		if (!pids[i])
			worker(sh, j, i);
	}
	for (int i = 0; i < j->threads; i++) {
		status = 0;
		if (waitpid(pids[i], &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status)) {
			fprintf(stderr, "# bench: worker %d died (status %#x)\n",
				i, status);
			bad = 1;
		}
	}

	memset(r, 0, sizeof(*r));
	for (int i = 0; i < j->threads; i++) {
		const struct slot *s = &sh->slot[i];

		if (s->err) {
			fprintf(stderr, "# bench: worker %d: %s: %s\n", i,
				s->what, strerror(-s->err));
			bad = 1;
		}
		if (!i || s->b.start_ns < first_start)
			first_start = s->b.start_ns;
		if (s->b.start_ns > last_start)
			last_start = s->b.start_ns;
		if (!i || s->b.end_ns < first_end)
			first_end = s->b.end_ns;
		if (s->b.end_ns > last_end)
			last_end = s->b.end_ns;
		if (s->b.max_overshoot > r->max_overshoot)
			r->max_overshoot = s->b.max_overshoot;
		r->rejected += s->b.rejected;
	}
	/* A worker held up ran partly alone: the caller judges by overlap. */
	r->elapsed_ns = last_end - first_start;
	r->overlap = j->threads == 1 ? 1.0 :
		     first_end > last_start && r->elapsed_ns ?
		     (double)(first_end - last_start) / r->elapsed_ns : 0.0;
	shared_free(sh);
	return bad ? -1 : 0;
}
