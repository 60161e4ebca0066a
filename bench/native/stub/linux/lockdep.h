#ifndef _NATIVE_LINUX_LOCKDEP_H
#define _NATIVE_LINUX_LOCKDEP_H
/* !CONFIG_LOCKDEP */
#define lockdep_assert_held(l)	do { (void)(l); } while (0)
#endif
