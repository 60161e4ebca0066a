/* SPDX-License-Identifier: GPL-2.0 */
/*
 * spinlock_t on the kernel's own queued spinlock: arch_spinlock_t and
 * arch_spin_lock()/arch_spin_unlock() come from the tree's
 * arch/x86/include/asm/qspinlock.h and include/asm-generic/qspinlock.h,
 * and queued_spin_lock_slowpath() from its kernel/locking/qspinlock.c, all
 * compiled unedited (build.sh).  Around them the layers of a
 * !DEBUG_SPINLOCK, !LOCKDEP, !PREEMPT_COUNT x86 kernel:
 * spin_lock_irqsave() calls the out-of-line _raw_spin_lock_irqsave() (the
 * guests' System.map has it, as _raw_spin_unlock_irqrestore()), which saves
 * the flags, takes the lock with arch_spin_lock(), and would disable
 * interrupts (see linux/irqflags.h).  spin_lock() and spin_lock_irq() are
 * out of line too; spin_unlock() and spin_unlock_irq() are inline, as a
 * !PREEMPTION kernel's are (CONFIG_INLINE_SPIN_UNLOCK_IRQ=y in the guests,
 * and no UNINLINE_SPIN_UNLOCK), while spin_unlock_irqrestore() is not.
 */
#ifndef _NATIVE_LINUX_SPINLOCK_H
#define _NATIVE_LINUX_SPINLOCK_H
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/irqflags.h>
#include <linux/preempt.h>
#include <linux/lockdep.h>
#include <asm/qspinlock.h>

typedef struct raw_spinlock {
	arch_spinlock_t raw_lock;
} raw_spinlock_t;

typedef struct spinlock {
	union {
		struct raw_spinlock rlock;
	};
} spinlock_t;

#define __RAW_SPIN_LOCK_UNLOCKED(name) { .raw_lock = __ARCH_SPIN_LOCK_UNLOCKED }
#define __SPIN_LOCK_UNLOCKED(name) { { .rlock = __RAW_SPIN_LOCK_UNLOCKED(name) } }
#define DEFINE_SPINLOCK(x)	spinlock_t x = __SPIN_LOCK_UNLOCKED(x)
#define DEFINE_RAW_SPINLOCK(x)	raw_spinlock_t x = __RAW_SPIN_LOCK_UNLOCKED(x)

#define raw_spin_lock_init(lock)					\
do {									\
	*(lock) = (raw_spinlock_t)__RAW_SPIN_LOCK_UNLOCKED(lock);	\
} while (0)
#define spin_lock_init(lock)						\
do {									\
	*(lock) = (spinlock_t)__SPIN_LOCK_UNLOCKED(lock);		\
} while (0)

unsigned long __lockfunc _raw_spin_lock_irqsave(raw_spinlock_t *lock);
void __lockfunc _raw_spin_unlock_irqrestore(raw_spinlock_t *lock,
					    unsigned long flags);
void __lockfunc _raw_spin_lock(raw_spinlock_t *lock);
void __lockfunc _raw_spin_lock_irq(raw_spinlock_t *lock);

/* include/linux/spinlock_api_smp.h, inlined as CONFIG_INLINE_SPIN_UNLOCK*. */
static __always_inline void __raw_spin_unlock(raw_spinlock_t *lock)
{
	arch_spin_unlock(&lock->raw_lock);
	preempt_enable();
}

static __always_inline void __raw_spin_unlock_irq(raw_spinlock_t *lock)
{
	arch_spin_unlock(&lock->raw_lock);
	local_irq_enable();
	preempt_enable();
}

#define spin_lock_irqsave(lock, flags)					\
do {									\
	(flags) = _raw_spin_lock_irqsave(&(lock)->rlock);		\
} while (0)
#define spin_unlock_irqrestore(lock, flags)				\
	_raw_spin_unlock_irqrestore(&(lock)->rlock, (flags))
#define spin_lock(lock)		_raw_spin_lock(&(lock)->rlock)
#define spin_unlock(lock)	__raw_spin_unlock(&(lock)->rlock)
#define spin_lock_irq(lock)	_raw_spin_lock_irq(&(lock)->rlock)
#define spin_unlock_irq(lock)	__raw_spin_unlock_irq(&(lock)->rlock)
#define raw_spin_lock(lock)	_raw_spin_lock(lock)
#define raw_spin_unlock(lock)	__raw_spin_unlock(lock)
#define raw_spin_lock_irqsave(lock, flags)				\
do {									\
	(flags) = _raw_spin_lock_irqsave(lock);				\
} while (0)
#define raw_spin_unlock_irqrestore(lock, flags)				\
	_raw_spin_unlock_irqrestore((lock), (flags))
#endif
