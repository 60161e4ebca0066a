#ifndef _NATIVE_LINUX_LOCKDEP_H
#define _NATIVE_LINUX_LOCKDEP_H
/* !CONFIG_LOCKDEP */
#define lockdep_assert_held(l)	do { (void)(l); } while (0)

/* Lock classes exist only for lockdep: empty, as without it. */
struct lock_class_key { };
#define lockdep_set_class(lock, key)	do { (void)(lock); (void)(key); } while (0)
#endif
