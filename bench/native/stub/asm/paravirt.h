/* CONFIG_PARAVIRT without PARAVIRT_SPINLOCKS: the lock code needs nothing from here. */
#include <linux/jump_label.h>
