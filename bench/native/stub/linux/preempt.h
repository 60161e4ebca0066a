/* !CONFIG_PREEMPT_COUNT: preempt_disable() is a compiler barrier. */
#ifndef _NATIVE_LINUX_PREEMPT_H
#define _NATIVE_LINUX_PREEMPT_H
#include <linux/compiler.h>
#define preempt_disable()	barrier()
#define preempt_enable()	barrier()
#define preempt_disable_notrace() barrier()
#define preempt_enable_notrace() barrier()
#endif
