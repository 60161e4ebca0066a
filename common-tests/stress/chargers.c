// SPDX-License-Identifier: GPL-2.0
/*
 * Chargers: child processes that charge and uncharge as fast as they can,
 * through the test module or through SEV VM create/init/destroy, holding
 * a few charges at a time.  They are processes so that the supervisor can
 * move them between cgroups and SIGKILL them with charges held.
 *
 * A VM charger also moves a held VM's context into a new VM (intra-host
 * migration: the charge moves to the charger's cgroup now, where it may
 * be refused) and makes mirrors of held VMs (no charge; the mirror keeps
 * its owner alive).  Only the cases that no branch gets wrong: no move
 * from a mirror (F1 leaks a charge) and no move of an SEV-ES VM (F3
 * charges sev, WARNs and underflows), so that the end must still be 0.
 *
 * A child of a threaded parent may only make system calls: no locks, no
 * malloc and no stdio here (st_unexpected() formats into shared memory).
 */
#define _GNU_SOURCE	/* pipe2() */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "charge.h"
#include "kvm.h"
#include "stress.h"

/* Leave when the supervisor is gone, checked every this many ops. */
#define ORPHAN_CHECK	64

static pid_t supervisor;

static bool keep_going(struct stress *s, uint64_t op)
{
	if (st_stopping(s))
		return false;
	return op % ORPHAN_CHECK || getppid() == supervisor;
}

/* A random res that KVM (@kvm) or the module can charge; -1 if none. */
static int pick_res(struct stress *s, struct rng *r, bool kvm)
{
	int idx[CTL_MAX_RES], n = 0;

	for (int i = 0; i < s->c.nres; i++)
		if (kvm ? s->kvm_res[i] : s->type[i] >= 0)
			idx[n++] = i;
	return n ? idx[rng_below(r, n)] : -1;
}

static void pause_sometimes(struct rng *r)
{
	if (rng_one_in(r, 4))
		st_nap_us(rng_below(r, 300));
}

static void module_charger(struct stress *s, struct rng *r)
{
	struct { uint32_t handle; int ri; } held[ST_MOD_HOLD];
	struct st_stats *st = s->st;
	int fd = chg_open(), n = 0, ret;

	if (fd < 0) {
		st_unexpected(s, "module charger: open: %s", st_errname(fd));
		_exit(1);
	}
	for (uint64_t op = 1; keep_going(s, op); op++) {
		uint64_t k = rng_below(r, 16);

		st_add(&st->ops[K_MODULE], 1);
		if (!n || (n < ST_MOD_HOLD && k < 8)) {
			int ri = pick_res(s, r, false);
			uint64_t amount = 1 + rng_below(r, ST_MOD_AMOUNT);
			uint32_t h;

			ret = chg_charge(fd, s->type[ri], amount, &h);
			if (!ret) {
				held[n].handle = h;
				held[n++].ri = ri;
				st_add(&st->charges, 1);
				st_add(&st->charges_res[ri], 1);
			} else if (ret == -EBUSY) {
				st_add(&st->charge_errors, 1);
			} else {
				st_unexpected(s, "charge %s %llu: %s",
					      s->c.res[ri],
					      (unsigned long long)amount,
					      st_errname(ret));
			}
		} else if (k < 15) {
			int i = rng_below(r, n);

			ret = chg_uncharge(fd, held[i].handle);
			if (ret)
				st_unexpected(s, "uncharge %s handle %u: %s",
					      s->c.res[held[i].ri],
					      held[i].handle, st_errname(ret));
			else
				st_add(&st->uncharges, 1);
			held[i] = held[--n];
		} else {
			/* Closing the file releases what it holds. */
			close(fd);
			st_add(&st->fd_closes, 1);
			n = 0;
			fd = chg_open();
			if (fd < 0) {
				st_unexpected(s, "module charger: reopen: %s",
					      st_errname(fd));
				_exit(1);
			}
		}
		pause_sometimes(r);
	}
	_exit(0);
}

/* A VM this charger initialized, or the one its context moved into. */
struct vm {
	int fd;
	int ri;
};

/* A new VM, counted; -1 (an unexpected error, said) if KVM refuses one. */
static int new_vm(struct stress *s, int kvm)
{
	int vm = kvm_vm_create(kvm);

	if (vm < 0) {
		st_unexpected(s, "KVM_CREATE_VM: %s", st_errname(vm));
		return -1;
	}
	st_add(&s->st->vms_created, 1);
	return vm;
}

/* Move @v's context into a new VM, which replaces it.  sev only (F3). */
static void vm_migrate(struct stress *s, int kvm, struct vm *v)
{
	struct st_stats *st = s->st;
	int dst = new_vm(s, kvm), ret;

	if (dst < 0)
		return;
	ret = kvm_move_enc_from(dst, v->fd);
	if (!ret) {
		/* The source is dead now, charged nothing: close it. */
		close(v->fd);
		v->fd = dst;
		st_add(&st->migrations, 1);
		st_add(&st->vm_closes, 1);
		return;
	}
	/* Refused by a limit of this charger's cgroup, as an init is. */
	if (ret == -EBUSY)
		st_add(&st->charge_errors, 1);
	else
		st_unexpected(s, "move %s context: %s", s->c.res[v->ri],
			      st_errname(ret));
	close(dst);
	st_add(&st->vm_closes, 1);
}

/* Make a mirror of @owner in *@mirror, or close the one there is. */
static void vm_mirror(struct stress *s, int kvm, const struct vm *owner,
		      int *mirror)
{
	struct st_stats *st = s->st;
	int m, ret;

	if (*mirror >= 0) {
		close(*mirror);
		*mirror = -1;
		st_add(&st->vm_closes, 1);
		return;
	}
	m = new_vm(s, kvm);
	if (m < 0)
		return;
	ret = kvm_copy_enc_from(m, owner->fd);
	if (!ret) {
		*mirror = m;
		st_add(&st->mirrors, 1);
		return;
	}
	st_unexpected(s, "mirror %s: %s", s->c.res[owner->ri],
		      st_errname(ret));
	close(m);
	st_add(&st->vm_closes, 1);
}

static void vm_charger(struct stress *s, struct rng *r)
{
	struct st_stats *st = s->st;
	int kvm = kvm_open(), n = 0, mirror = -1, ret;
	struct vm vms[ST_VM_HOLD];

	if (kvm < 0) {
		st_unexpected(s, "VM charger: open /dev/kvm: %s",
			      st_errname(kvm));
		_exit(1);
	}
	for (uint64_t op = 1; keep_going(s, op); op++) {
		uint64_t k = rng_below(r, 8);
		int i = n ? (int)rng_below(r, n) : 0;

		st_add(&st->ops[K_VM], 1);
		if (!n || (n < ST_VM_HOLD && k < 4)) {
			int ri = pick_res(s, r, true);
			int vm = new_vm(s, kvm);

			if (vm < 0) {
				st_nap_us(1000);
				continue;
			}
			ret = kvm_sev_init(vm, s->c.res[ri]);
			if (!ret) {
				vms[n].fd = vm;
				vms[n++].ri = ri;
				st_add(&st->sev_inits, 1);
				st_add(&st->inits_res[ri], 1);
				continue;
			}
			if (ret == -EBUSY)
				st_add(&st->charge_errors, 1);
			else
				st_unexpected(s, "%s init: %s", s->c.res[ri],
					      st_errname(ret));
			close(vm);
			st_add(&st->vm_closes, 1);
		} else if (k == 4 && !strcmp(s->c.res[vms[i].ri], "sev")) {
			vm_migrate(s, kvm, &vms[i]);
		} else if (k == 5) {
			vm_mirror(s, kvm, &vms[i], &mirror);
		} else {
			close(vms[i].fd);
			vms[i] = vms[--n];
			st_add(&st->vm_closes, 1);
		}
		pause_sometimes(r);
	}
	_exit(0);
}

pid_t st_spawn(struct stress *s, struct st_worker *w)
{
	char cg[CG_PATH_LEN], go = 'g';
	struct rng r;
	int pipefd[2], ret = -ENOENT;
	pid_t pid;

	/* Distinct streams per worker and respawn; see stress.h on seeds. */
	rng_seed(&r, s->seed);
	rng_seed(&r, rng_next(&r) ^ ((uint64_t)w->kind << 48) ^
		     ((uint64_t)w->idx << 32) ^ w->gen);
	if (pipe2(pipefd, O_CLOEXEC))
		return -errno;
	supervisor = getpid();
	pid = fork();
	if (!pid) {
		/* Wait until the supervisor has placed us. */
		close(pipefd[1]);
		if (read(pipefd[0], &go, 1) != 1)
			_exit(1);
		close(pipefd[0]);
		if (w->kind == K_MODULE)
			module_charger(s, &r);
		vm_charger(s, &r);
	}
	close(pipefd[0]);
	if (pid < 0) {
		ret = -errno;
		close(pipefd[1]);
		return ret;
	}
	/* A picked leaf may be removed before the move: try a few. */
	for (int tries = 0; tries < 4 && (ret == -ENOENT || ret == -ENODEV);
	     tries++) {
		st_pick_home(s, &r, cg);
		ret = cg_move(cg, pid);
	}
	if (ret)
		ret = cg_move(s->home, pid);
	if (ret)
		st_unexpected(s, "place %s %d in %s: %s", st_kind_name[w->kind],
			      w->idx, s->home, st_errname(ret));
	if (write(pipefd[1], &go, 1) != 1)
		st_unexpected(s, "start %s %d: %s", st_kind_name[w->kind],
			      w->idx, st_errname(-errno));
	close(pipefd[1]);
	st_add(&s->st->spawns, 1);
	return pid;
}
