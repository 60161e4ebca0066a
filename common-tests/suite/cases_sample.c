// SPDX-License-Identifier: GPL-2.0
/*
 * The charging property each design documents, checked from inside the
 * kernel while another CPU charges: asid_test's ASID_TEST_SAMPLE reads a
 * level's usage counter in a tight loop on this CPU.  A read through
 * cgroupfs takes microseconds and never lands in the few instructions for
 * which a charge that is refused can be counted; this one can.
 *
 * wide_usage_sampled_within_max: a level L with max 4 holds 4 units
 * (charged in L/H); a charger on cpu 1 runs ASID_TEST_BENCH's
 * charge+uncharge loop in L/C, so that L refuses every charge, while the
 * sampler on cpu 0, in L/C too, reads L's counter.  A design that
 * checks a sum before it stores it never shows L above 4: encryption_ids
 * (under its lock), and every misc branch whose variants/<b>/branch
 * says "charging exact" (misc-exact, misc-batched).  misc adds a charge
 * to each level and cancels it when the level is over its max, so L may
 * show 4 plus the charges in flight: 1, one charger charging 1 at a time.
 *
 * How likely a miss is.  The sampler sees a refused charge only if its CPU
 * reads while the charger's CPU is inside the charge, which under TCG on
 * a busy host depends on when the host runs the two vCPUs: per refused
 * charge, the share seen varied a hundredfold between runs.  So the
 * sampler also reads C, the witness, which holds the charger's unit only
 * while a charge is in flight (admitted at C, refused at L, cancelled at
 * C): each run of readings of C above 0 is a charge seen in flight, on
 * every design.  A design that adds before it checks, misc-exact+broken
 * (make check's broken run, which must fail this point), showed L above
 * its max in HIT_PER_WITNESS_MIN or more of the charges seen in flight
 * (qemu/README.md, "What a check does not take on trust"; the broken run fails if
 * it shows less).  So a run that saw W charges in flight misses such a
 * design with probability (1 - HIT_PER_WITNESS_MIN)^W, which the point
 * prints.  It samples for SAMPLE_NS and on, in rounds, until W is enough
 * for 10^LOG10_MISS_MAX, for SAMPLE_MAX_NS at most: a host that runs the
 * two vCPUs one at a time lets the sampler see few charges in flight.  A
 * run that saw too few then says so and is a declared skip, if it saw
 * nothing above the allowance, as the stress declares a run too slow for
 * its change rate.  The sampler pauses a pseudo-random while between
 * readings (asid_test_main.c), or it could fall into step with the
 * charger's loop: without the pauses the share of charges in flight seen
 * above max varied from 0.0004 to 0.18 between runs of misc-exact+broken,
 * with them from 0.035 to 0.19 in 26.
 *
 * wide_stock_sampled_within_bound: where the design stocks units per CPU
 * (STOCKED_CHARGES, misc-batched), its changelog bounds them: at most
 * STOCK_BATCH per CPU, STOCK_BATCH * nr_cpu_ids per resource.  A charger
 * on cpu 1 charges and uncharges in S, so that its CPU keeps a stock, while
 * the sampler reads the root's counter less misc_cg_res_total_usage() (the
 * units charged and not in use), each reading kept only if the root's
 * counter did not move across it.  The charger never switches its stock to
 * another cgroup, so no batch is in flight between the reads.
 */
#define _GNU_SOURCE	/* sched_setaffinity() in pt_run_on() */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "charge.h"
#include "suite.h"

#define SAMPLER_CPU	0
#define CHARGER_CPU	1
/* L's max, and what L/H holds of it. */
#define TIGHT_MAX	4
/* One charger, charging 1 at a time: misc's charges in flight. */
#define IN_FLIGHT	1
/* How long each point samples (the stock point, and the least of the other). */
#define SAMPLE_NS	(2ULL * 1000 * 1000 * 1000)
/*
 * The usage point samples in rounds of SAMPLE_ROUND_NS until it has seen
 * enough charges in flight for 10^LOG10_MISS_MAX, or for SAMPLE_MAX_NS.
 */
#define SAMPLE_ROUND_NS	(SAMPLE_NS / 4)
#define SAMPLE_MAX_NS	(5 * SAMPLE_NS)
/* Charge+uncharge pairs per ASID_TEST_BENCH call of the charger. */
#define BENCH_CHUNK	4096
#define CHARGER_READY_MS	5000
#define CHARGER_STOP_MS		10000
/*
 * The least share of the charges seen in flight in which misc-exact+broken
 * (add, then check, then undo) was seen above its max; qemu/broken-verdict.sh
 * fails the broken run if it shows less, so the figure stays measured.
 */
#define HIT_PER_WITNESS_MIN	0.01
/* A run that would miss such a design more often than 10^this fails. */
#define LOG10_MISS_MAX		-9
/* Units the stock point lets batches take at the root. */
#define STOCK_ROOM		1024

/* What the charger did, in memory it shares with the point. */
struct charger {
	uint64_t charges;	/* charges tried, counted after each chunk */
	uint64_t refused;	/* of which refused */
	int err;		/* the error that stopped it, or 0 */
	int ready;		/* it has run a chunk */
	int stop;		/* set by the point: leave */
	int done;		/* set by the charger: it charges no more */
};

static uint64_t get(const uint64_t *v)
{
	return __atomic_load_n(v, __ATOMIC_SEQ_CST);
}

/*
 * (1 - HIT_PER_WITNESS_MIN)^@n as a power of ten: the probability that @n
 * charges seen in flight of a design that adds before it checks all hid
 * the excess.
 * The logarithm of a constant is folded by the compiler: the static guest
 * binary has no libm.
 */
static double log10_miss(uint64_t n)
{
	return (double)n * __builtin_log10(1 - HIT_PER_WITNESS_MIN);
}

static bool on_cpu(struct point *p, int cpu)
{
	int ret = pt_run_on(cpu);

	if (ret)
		pt_fail(p, "cannot run on cpu %d: %s", cpu, pt_err(ret));
	return !ret;
}

/* Levels from @cg up to the root: the root's css is that far up. */
static unsigned int depth(struct point *p, const char *cg)
{
	const char *rel = pt_rel(p, cg);
	unsigned int n = 1;

	for (; *rel; rel++)
		n += *rel == '/';
	return n;
}

static void charger_run(struct point *p, const char *cg, struct charger *c)
{
	uint64_t refused;
	int fd, ret = pt_run_on(CHARGER_CPU);

	if (!ret)
		ret = cg_move(cg, 0);
	fd = ret ? ret : chg_open();
	ret = fd < 0 ? fd : 0;
	while (!ret && !__atomic_load_n(&c->stop, __ATOMIC_SEQ_CST)) {
		ret = chg_bench(fd, p->type, BENCH_CHUNK, &refused);
		if (ret)
			break;
		__atomic_add_fetch(&c->charges, BENCH_CHUNK, __ATOMIC_SEQ_CST);
		__atomic_add_fetch(&c->refused, refused, __ATOMIC_SEQ_CST);
		__atomic_store_n(&c->ready, 1, __ATOMIC_SEQ_CST);
	}
	c->err = ret;
	__atomic_store_n(&c->done, 1, __ATOMIC_SEQ_CST);
	_exit(ret ? 1 : 0);
}

static bool charger_flag(void *arg)
{
	return __atomic_load_n((int *)arg, __ATOMIC_SEQ_CST);
}

/*
 * A charger on CHARGER_CPU in @cg, charging until told to stop; the runner
 * kills and reaps it after the point.  Return: it, running, or NULL
 * (reported).
 */
static struct charger *charger_start(struct point *p, const char *cg)
{
	struct charger *c = mmap(NULL, sizeof(*c), PROT_READ | PROT_WRITE,
				 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pid_t pid;

	if (c == MAP_FAILED) {
		pt_fail(p, "mmap: %s", pt_err(-errno));
		return NULL;
	}
	memset(c, 0, sizeof(*c));
	pid = fork();
	if (!pid)
		charger_run(p, cg, c);
	if (pid < 0) {
		pt_fail(p, "fork: %s", pt_err(-errno));
		munmap(c, sizeof(*c));
		return NULL;
	}
	pt_track_pid(p, pid);
	cg_poll(charger_flag, &c->ready, CHARGER_READY_MS, 5);
	if (!get(&c->charges) || c->err) {
		pt_fail(p, "the charger in %s did not charge within %d ms: %s",
			pt_rel(p, cg), CHARGER_READY_MS, pt_err(c->err));
		__atomic_store_n(&c->stop, 1, __ATOMIC_SEQ_CST);
		munmap(c, sizeof(*c));
		return NULL;
	}
	return c;
}

/* Stop the charger and wait until it charges no more. */
static void charger_stop(struct point *p, struct charger *c)
{
	__atomic_store_n(&c->stop, 1, __ATOMIC_SEQ_CST);
	if (!cg_poll(charger_flag, &c->done, CHARGER_STOP_MS, 5))
		pt_fail(p, "the charger did not stop within %d ms",
			CHARGER_STOP_MS);
	else if (c->err)
		pt_fail(p, "the charger stopped on an error: %s", pt_err(c->err));
}

/*
 * ASID_TEST_SAMPLE in rounds of @s->duration_ns, for SAMPLE_NS at least and
 * until it has seen enough charges in flight, or for SAMPLE_MAX_NS; @s
 * gets the sums (an excursion across two rounds counts twice).
 */
static int sample_rounds(int fd, struct asid_test_sample *s)
{
	const uint64_t need = (uint64_t)(LOG10_MISS_MAX / log10_miss(1)) + 1;
	struct asid_test_sample sum = *s, r;
	int ret;

	sum.min_usage = UINT64_MAX;
	do {
		r = *s;
		ret = chg_sample(fd, &r);
		if (ret)
			return ret;
		sum.samples += r.samples;
		sum.min_usage = r.min_usage < sum.min_usage ? r.min_usage : sum.min_usage;
		sum.max_usage = r.max_usage > sum.max_usage ? r.max_usage : sum.max_usage;
		sum.over_samples += r.over_samples;
		sum.excursions += r.excursions;
		sum.witness_excursions += r.witness_excursions;
		sum.elapsed_ns += r.elapsed_ns;
		sum.nr_cpu_ids = r.nr_cpu_ids;
	} while (sum.elapsed_ns < SAMPLE_MAX_NS &&
		 (sum.elapsed_ns < SAMPLE_NS || sum.witness_excursions < need));
	*s = sum;
	return 0;
}

CASE(case_wide_usage_sampled_within_max)
{
	const char *l = pt_cg(p, "L");
	const char *c = l ? pt_cg(p, "L/C") : NULL;
	const char *h = l ? pt_cg(p, "L/H") : NULL;
	bool exact = !pt_is_misc(p) || p->s->exact;
	uint64_t allowed = exact ? 0 : IN_FLIGHT, refused0, refused;
	struct asid_test_sample s = {
		.type = p->type,
		.flags = ASID_TEST_SAMPLE_WITNESS,
		.limit = TIGHT_MAX,
		.limit_up = 1,
		.witness_up = 0,
		.witness_limit = 0,
		.duration_ns = SAMPLE_ROUND_NS,
	};
	struct charger *ch = NULL;
	char max[16];
	double miss;	/* log10 of the probability */
	uint32_t held;
	int fd = pt_chg(p), ret;

	snprintf(max, sizeof(max), "%d", TIGHT_MAX);
	if (!c || !h || fd < 0 || !pt_set_max(p, l, NULL, max) ||
	    !pt_enter(p, h) || !on_cpu(p, SAMPLER_CPU) ||
	    !pt_charge_ok(p, fd, NULL, TIGHT_MAX, &held) || !pt_enter(p, c))
		goto out;
	ch = charger_start(p, c);
	if (!ch)
		goto out;
	refused0 = get(&ch->refused);
	ret = sample_rounds(fd, &s);
	refused = get(&ch->refused) - refused0;
	charger_stop(p, ch);
	if (ret) {
		pt_fail(p, "ASID_TEST_SAMPLE: %s", pt_err(ret));
		goto out;
	}
	miss = log10_miss(s.witness_excursions);
	pt_note(p, "sample refused=%" PRIu64 " witnessed=%" PRIu64
		" excursions=%" PRIu64 " readings=%" PRIu64 " above=%" PRIu64
		" max_usage=%" PRIu64 " limit=%d allowed=%" PRIu64
		" elapsed_ms=%" PRIu64, refused,
		(uint64_t)s.witness_excursions, (uint64_t)s.excursions,
		(uint64_t)s.samples, (uint64_t)s.over_samples,
		(uint64_t)s.max_usage, TIGHT_MAX, allowed,
		(uint64_t)s.elapsed_ns / 1000000);
	pt_obs(p, "L max %d holding %d, charger on cpu %d in L/C: %" PRIu64
	       " charges refused in %.1f s; sampler on cpu %d: %" PRIu64
	       " readings, %" PRIu64 " charges seen in flight, L %" PRIu64
	       "..%" PRIu64 ", above max in %" PRIu64 " readings, %" PRIu64
	       " excursions; allowed +%" PRIu64
	       " (%s); a charge stored before its check missed with p 1e%.0f (%g seen per charge in flight)",
	       TIGHT_MAX, TIGHT_MAX, CHARGER_CPU, refused, s.elapsed_ns / 1e9,
	       SAMPLER_CPU, (uint64_t)s.samples,
	       (uint64_t)s.witness_excursions, (uint64_t)s.min_usage,
	       (uint64_t)s.max_usage, (uint64_t)s.over_samples,
	       (uint64_t)s.excursions, allowed,
	       exact ? "exact: stored only within max" : "misc: the charges in flight",
	       miss, HIT_PER_WITNESS_MIN);
	if (!refused)
		pt_fail(p, "L refused no charge while it was sampled: nothing was checked");
	else if (!s.witness_excursions)
		pt_fail(p, "the sampler saw none of the %" PRIu64 " refused charges in flight",
			refused);
	if (s.min_usage < TIGHT_MAX)
		pt_fail(p, "L read %" PRIu64 ", below the %d that L/H holds",
			(uint64_t)s.min_usage, TIGHT_MAX);
	if (s.max_usage > TIGHT_MAX + allowed)
		pt_fail(p, "L read %" PRIu64 ", %" PRIu64 " above its max %d; the design allows %" PRIu64 " (%s)",
			(uint64_t)s.max_usage, (uint64_t)s.max_usage - TIGHT_MAX,
			TIGHT_MAX, allowed,
			exact ? "its charge stores only a sum within max" :
				"the charges in flight");
	if (!p->failed && exact && miss > LOG10_MISS_MAX)
		return pt_skip(p, "in %.1f s the sampler saw %" PRIu64 " charges in flight, too few to miss a charge stored before its check with p 1e%d or less (1e%.1f): the host ran the two vCPUs one at a time; nothing was above max",
			       s.elapsed_ns / 1e9, (uint64_t)s.witness_excursions,
			       LOG10_MISS_MAX, miss);
out:
	pt_run_anywhere();
	if (ch)
		munmap(ch, sizeof(*ch));
	return pt_result(p);
}

CASE(case_wide_stock_sampled_within_bound)
{
	const char *cg_s, *cg_t;
	struct asid_test_sample s = {
		.type = p->type,
		.flags = ASID_TEST_SAMPLE_STOCK,
		.duration_ns = SAMPLE_NS,
	};
	struct charger *ch = NULL;
	uint64_t used = 0, cap = 0, charges0, charges, bound;
	int fd, ret;

	if (!suite_documents(p->s, STOCKED_CHARGES))
		return pt_skip(p, "the design documents no per-CPU stock (%s): nothing is charged ahead of use",
			       STOCKED_CHARGES);
	cg_s = pt_cg(p, "S");
	cg_t = pt_cg(p, "T");
	fd = pt_chg(p);
	if (!cg_s || !cg_t || fd < 0)
		return FAIL;
	/* Room for any batch at the root, whatever the capacity. */
	ret = pt_root_usage(p, NULL, &used);
	cap = used + STOCK_ROOM;
	if (ret || (ret = pt_set_capacity(p, NULL, cap))) {
		pt_fail(p, "cannot set the capacity of %s to %" PRIu64 ": %s",
			p->res, cap, pt_err(ret));
		return FAIL;
	}
	s.root_up = depth(p, cg_t);
	s.limit_up = s.root_up;
	s.limit = cap;
	if (!pt_enter(p, cg_t) || !on_cpu(p, SAMPLER_CPU))
		goto out;
	ch = charger_start(p, cg_s);
	if (!ch)
		goto out;
	charges0 = get(&ch->charges);
	ret = chg_sample(fd, &s);
	charges = get(&ch->charges) - charges0;
	charger_stop(p, ch);
	if (ret) {
		pt_fail(p, "ASID_TEST_SAMPLE with STOCK: %s", pt_err(ret));
		goto out;
	}
	bound = (uint64_t)STOCK_BATCH * s.nr_cpu_ids;
	pt_note(p, "sample charges=%" PRIu64 " readings=%" PRIu64
		" still=%" PRIu64 " max_stocked=%" PRIu64 " bound=%" PRIu64
		" max_root=%" PRIu64 " capacity=%" PRIu64, charges,
		(uint64_t)s.samples, (uint64_t)s.stock_samples,
		(uint64_t)s.max_stocked, bound, (uint64_t)s.max_usage, cap);
	pt_obs(p, "charger on cpu %d in S: %" PRIu64 " charges in %.1f s; sampler on cpu %d: %" PRIu64
	       " of %" PRIu64 " readings with the root still, at most %" PRIu64
	       " units charged ahead (root usage less misc_cg_res_total_usage()); bound %d x %u CPUs = %" PRIu64,
	       CHARGER_CPU, charges, s.elapsed_ns / 1e9, SAMPLER_CPU,
	       (uint64_t)s.stock_samples, (uint64_t)s.samples,
	       (uint64_t)s.max_stocked, STOCK_BATCH, s.nr_cpu_ids, bound);
	if (!s.stock_samples)
		pt_fail(p, "the root's counter never held still across a reading");
	else if (!s.max_stocked)
		pt_fail(p, "no unit was charged ahead while the charger ran: the bound was not exercised");
	if (s.max_stocked > bound)
		pt_fail(p, "%" PRIu64 " units charged ahead and not in use, more than the documented %d per CPU (%" PRIu64 ")",
			(uint64_t)s.max_stocked, STOCK_BATCH, bound);
	if (s.max_usage > cap)
		pt_fail(p, "the root read %" PRIu64 ", above the capacity %" PRIu64,
			(uint64_t)s.max_usage, cap);
out:
	pt_run_anywhere();
	if (ch)
		munmap(ch, sizeof(*ch));
	pt_restore_capacity(p, NULL);
	return pt_result(p);
}
