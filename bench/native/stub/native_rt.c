// SPDX-License-Identifier: GPL-2.0
/*
 * The runtime behind the stubs, built like the controller: against stub/
 * and the tree's lock headers, -nostdinc.  Per-CPU areas and
 * on_each_cpu(), initcalls, the calling thread's task and CPU, css linking,
 * offlining and reference counts, the spinlock entry points and
 * cgroup_file_notify().
 */
#include <linux/kernel.h>
#include <linux/cgroup.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/jump_label.h>
#include <linux/init.h>

#include "../native.h"

void *native_alloc_area(size_t size);
/* native_libc.c: the calling thread, and the signal an IPI is sent by. */
unsigned long native_thread_self(void);
void native_ipi_kick(unsigned long thread);
void native_ipi_setup(void);

/* The thread playing each CPU (a pthread_t of native_libc.c), or 0. */
static unsigned long cpu_owner[NATIVE_NR_CPUS];

__thread struct task_struct *native_current;
__thread int native_cpu;
__thread unsigned long native_this_cpu_off;
unsigned long __per_cpu_offset[NATIVE_NR_CPUS];
unsigned int nr_cpu_ids;
struct cpumask __cpu_online_mask, __cpu_dying_mask;

/* The section must exist even if nothing else defines a per-CPU variable. */
static DEFINE_PER_CPU(long, native_percpu_anchor);

extern char __start_native_percpu[], __stop_native_percpu[];

/* Likewise the initcall section (linux/init.h). */
static int __init native_initcall_anchor(void)
{
	return 0;
}
subsys_initcall(native_initcall_anchor);

extern initcall_t __start_native_initcall[], __stop_native_initcall[];

/* Each CPU's area: its copy of the section, then dynamic per-CPU memory. */
#define PERCPU_AREA_SIZE	(1UL << 20)

static size_t percpu_dyn_off, percpu_dyn_end;
static int ref_atomic;

/*
 * 6.1 declares it TRUE and a guest on a hypervisor without paravirt
 * spinlocks (the TCG guests: CPUID has the hypervisor bit, and
 * CONFIG_PARAVIRT_SPINLOCKS is off) keeps it on; 6.12 declares it FALSE and
 * native_pv_lock_init() turns it on in any guest.  Either way the guests
 * run with it on; native_rt_init() sets it from --slowpath.
 */
DEFINE_STATIC_KEY_TRUE(virt_spin_lock_key);

void native_rt_init(int cpus, int refs_atomic, int virt_spin_lock)
{
	size_t static_size = __stop_native_percpu - __start_native_percpu;
	initcall_t *call;
	int cpu;

	BUG_ON(cpus < 1 || cpus > NATIVE_NR_CPUS);
	BUG_ON(static_size > PERCPU_AREA_SIZE / 2);
	nr_cpu_ids = cpus;
	for (cpu = 0; cpu < cpus; cpu++) {
		__cpu_online_mask.bits[cpu / BITS_PER_LONG] |= 1UL << (cpu % BITS_PER_LONG);
		char *area = native_alloc_area(PERCPU_AREA_SIZE);

		BUG_ON(!area);
		memcpy(area, __start_native_percpu, static_size);
		__per_cpu_offset[cpu] = (unsigned long)area -
					(unsigned long)__start_native_percpu;
	}
	percpu_dyn_off = ALIGN(static_size, (size_t)SMP_CACHE_BYTES);
	percpu_dyn_end = PERCPU_AREA_SIZE;
	ref_atomic = refs_atomic;
	virt_spin_lock_key.enabled = virt_spin_lock;
	native_ipi_setup();
	(void)native_percpu_anchor;
	native_thread_enter(0, NULL);

	/* As do_initcalls() at boot, on the boot CPU. */
	for (call = __start_native_initcall; call < __stop_native_initcall; call++) {
		int ret = (*call)();

		WARN(ret, "initcall %p returned %d", (void *)*call, ret);
	}
}

/* Called by one thread at a time (the driver's, between runs). */
void __percpu *__alloc_percpu(size_t size, size_t align)
{
	size_t off = ALIGN(percpu_dyn_off, align);

	BUG_ON(off + size > percpu_dyn_end);
	percpu_dyn_off = off + size;
	return (void __percpu *)(__start_native_percpu + off);
}

/* From now on the calling thread runs as CPU @cpu. */
static void native_set_cpu(int cpu)
{
	BUG_ON(cpu < 0 || cpu >= nr_cpu_ids);
	native_cpu = cpu;
	native_this_cpu_off = __per_cpu_offset[cpu];
}

void native_thread_enter(int cpu, void *css)
{
	struct task_struct *task = native_current;
	unsigned long self = native_thread_self();
	int i;

	/* Leave the CPU played so far, unless another thread took it. */
	if (native_current)
		cmpxchg(&cpu_owner[native_cpu], self, 0UL);
	native_set_cpu(cpu);
	WRITE_ONCE(cpu_owner[cpu], self);
	if (!task) {
		task = kzalloc(sizeof(*task), GFP_KERNEL);
		BUG_ON(!task);
		task->cgroups = kzalloc(sizeof(struct css_set), GFP_KERNEL);
		BUG_ON(!task->cgroups);
		native_current = task;
	}
	for (i = 0; i < CGROUP_SUBSYS_COUNT; i++)
		task->cgroups->subsys[i] = css;
}

/* The calling thread plays no CPU any more: it is about to end. */
void native_thread_exit(void)
{
	cmpxchg(&cpu_owner[native_cpu], native_thread_self(), 0UL);
	native_ipi_poll();
}

/*
 * IPIs.  Each emulated CPU is played by at most one thread at a time, the
 * one that last entered it and has not left it (native_thread_enter(),
 * native_thread_exit()).  A call for CPU @t from CPU @s sits in ipi[s][t]
 * until the thread of @t runs it: from the signal that native_libc.c's
 * native_ipi_kick() sends, or, if its interrupts were off then, from its
 * next local_irq_restore().  One slot per sender and target, so that two
 * senders never wait for each other's slot; a sender waits for its call's
 * end before it sends another.
 */
struct native_ipi {
	smp_call_func_t func;	/* claimed with xchg() by whoever runs it */
	void *info;
	int done;
};

static struct native_ipi ipi[NATIVE_NR_CPUS][NATIVE_NR_CPUS];
__thread unsigned long native_irqs_off;

static void ipi_run(struct native_ipi *c)
{
	smp_call_func_t func = xchg(&c->func, NULL);
	unsigned long flags;

	if (!func)
		return;
	local_irq_save(flags);
	func(c->info);
	smp_store_release(&c->done, 1);
	native_irqs_off = flags;
}

void native_ipi_poll(void)
{
	int target = native_cpu;
	unsigned int s;

	for (s = 0; s < nr_cpu_ids; s++)
		if (READ_ONCE(ipi[s][target].func))
			ipi_run(&ipi[s][target]);
}

/* From the signal handler: the interrupt, unless interrupts are off. */
void native_ipi_interrupt(void)
{
	if (!native_irqs_off)
		native_ipi_poll();
}

/* @func on @cpu by IPI; false if no other thread plays @cpu. */
static bool ipi_send(int cpu, smp_call_func_t func, void *info)
{
	struct native_ipi *c = &ipi[native_cpu][cpu];
	unsigned long owner = READ_ONCE(cpu_owner[cpu]);

	if (!owner || owner == native_thread_self())
		return false;
	c->info = info;
	c->done = 0;
	smp_store_release(&c->func, func);
	native_ipi_kick(owner);
	/* Our own CPU's IPIs get in meanwhile: interrupts are on here. */
	while (!smp_load_acquire(&c->done)) {
		native_ipi_poll();
		cpu_relax();
		/* The owner may have left the CPU with the call not taken. */
		if (READ_ONCE(cpu_owner[cpu]) != owner && xchg(&c->func, NULL)) {
			int self = native_cpu;

			native_set_cpu(cpu);
			func(info);
			native_set_cpu(self);
			break;
		}
	}
	return true;
}

void on_each_cpu(smp_call_func_t func, void *info, int wait)
{
	int self = native_cpu;
	unsigned long flags;
	unsigned int cpu;

	WARN_ON_ONCE(native_irqs_off);
	for_each_online_cpu(cpu) {
		if (cpu == self) {
			local_irq_save(flags);
			func(info);
			local_irq_restore(flags);
		} else if (!ipi_send(cpu, func, info)) {
			/* Nobody plays it: play it here meanwhile. */
			native_set_cpu(cpu);
			func(info);
			native_set_cpu(self);
		}
	}
}

/* percpu_ref_init(): one reference, held by the cgroup itself. */
static void native_percpu_ref_init(struct percpu_ref *ref)
{
	unsigned long __percpu *count = alloc_percpu(unsigned long);

	ref->percpu_count_ptr = (unsigned long)count;
	if (ref_atomic)
		ref->percpu_count_ptr |= __PERCPU_REF_ATOMIC;
	ref->data = kzalloc(sizeof(*ref->data), GFP_KERNEL);
	BUG_ON(!ref->data);
	atomic_long_set(&ref->data->count, 1);
	ref->data->ref = ref;
}

/* What init_and_link_css() and the root's setup do for a controller. */
static void native_css_link(struct cgroup_subsys_state *css,
		     struct cgroup_subsys_state *parent,
		     struct cgroup_subsys *ss)
{
	static int next_id = 1;

	css->ss = ss;
	css->id = next_id++;
	css->cgroup = kzalloc(sizeof(*css->cgroup), GFP_KERNEL);
	BUG_ON(!css->cgroup);
	native_percpu_ref_init(&css->refcnt);
	if (parent) {
		css->parent = parent;
		css->cgroup->parent = parent->cgroup;
		css_get(parent);
	} else {
		css->flags |= CSS_NO_REF;
	}
	css->flags |= CSS_ONLINE;
}

/*
 * What kill_css() and offline_css() do when a cgroup is removed: mark the
 * css dying, call the controller's css_offline (misc-batched drains its
 * stocks there), clear CSS_ONLINE.  The percpu_ref is not killed: nothing
 * here is freed by reference count (see linux/percpu-refcount.h).
 */
void native_css_offline(void *p)
{
	struct cgroup_subsys_state *css = p;

	css->flags |= CSS_DYING;
	if (css->ss->css_offline)
		css->ss->css_offline(css);
	css->flags &= ~CSS_ONLINE;
}

static void native_css_unlink(struct cgroup_subsys_state *css)
{
	if (css->parent)
		css_put(css->parent);
	kfree(css->refcnt.data);
	css->refcnt.data = NULL;
	kfree(css->cgroup);
	css->cgroup = NULL;
}

void *native_css_new(struct cgroup_subsys *ss, void *parent)
{
	struct cgroup_subsys_state *css = ss->css_alloc(parent);

	if (IS_ERR(css))
		return NULL;
	native_css_link(css, parent, ss);
	return css;
}

void native_css_free(struct cgroup_subsys *ss, void *p)
{
	struct cgroup_subsys_state *css = p;
	bool root = !css->parent;

	native_css_unlink(css);
	if (!root)
		ss->css_free(css);
}

long native_css_write(struct cgroup_subsys *ss, void *css, const char *name,
		      char *buf)
{
	struct kernfs_open_file of = { .css = css };
	struct cftype *cft;

	for (cft = ss->dfl_cftypes; cft && cft->name[0]; cft++)
		if (!strcmp(cft->name, name))
			break;
	if (!cft || !cft->name[0] || !cft->write)
		return -EINVAL;
	of.cft = cft;
	return cft->write(&of, buf, strlen(buf), 0);
}

long long native_css_refs(void *p)
{
	struct cgroup_subsys_state *css = p;
	struct percpu_ref *ref = &css->refcnt;
	unsigned long __percpu *count;
	long long sum;
	int cpu;

	count = (unsigned long __percpu *)(ref->percpu_count_ptr &
					   ~(unsigned long)__PERCPU_REF_ATOMIC_DEAD);
	sum = atomic_long_read(&ref->data->count);
	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		sum += (long long)READ_ONCE(*per_cpu_ptr(count, cpu));
	return sum;
}

/*
 * kernel/locking/spinlock.c with CONFIG_INLINE_SPIN_LOCK_IRQSAVE,
 * CONFIG_INLINE_SPIN_UNLOCK_IRQRESTORE, CONFIG_INLINE_SPIN_LOCK and
 * CONFIG_INLINE_SPIN_LOCK_IRQ off (x86): out of line, around the inline
 * arch_spin_lock()/arch_spin_unlock() of the tree's qspinlock.  The plain
 * and _irq unlocks are inline (linux/spinlock.h).
 */
noinline unsigned long __lockfunc _raw_spin_lock_irqsave(raw_spinlock_t *lock)
{
	unsigned long flags;

	local_irq_save(flags);
	preempt_disable();
	NATIVE_COUNT(lock);
	arch_spin_lock(&lock->raw_lock);
	return flags;
}

noinline void __lockfunc _raw_spin_unlock_irqrestore(raw_spinlock_t *lock,
						     unsigned long flags)
{
	arch_spin_unlock(&lock->raw_lock);
	local_irq_restore(flags);
	preempt_enable();
}

noinline void __lockfunc _raw_spin_lock(raw_spinlock_t *lock)
{
	preempt_disable();
	NATIVE_COUNT(lock);
	arch_spin_lock(&lock->raw_lock);
}

noinline void __lockfunc _raw_spin_lock_irq(raw_spinlock_t *lock)
{
	local_irq_disable();
	preempt_disable();
	NATIVE_COUNT(lock);
	arch_spin_lock(&lock->raw_lock);
}

/*
 * kernel/cgroup/cgroup.c: the lock is the kernel's; the rate-limited
 * kernfs notification inside it is not modelled (cfile->kn is NULL here).
 */
static DEFINE_SPINLOCK(cgroup_file_kn_lock);

void cgroup_file_notify(struct cgroup_file *cfile)
{
	unsigned long flags;

	spin_lock_irqsave(&cgroup_file_kn_lock, flags);
	if (cfile->kn) {
		/* kernfs_notify() or timer_reduce(): not here */
	}
	spin_unlock_irqrestore(&cgroup_file_kn_lock, flags);
}
