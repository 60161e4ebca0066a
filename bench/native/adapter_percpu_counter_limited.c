// SPDX-License-Identifier: GPL-2.0
/*
 * Native adapter for the percpu_counter_limited anchor (trees that have
 * __percpu_counter_limited_add(), 6.7 and later): adapter_percpu_counter.c
 * with each level's add-then-compare replaced by the kernel's limited add.
 */
#define NATIVE_PCC_LIMITED 1
#include "adapter_percpu_counter.c"
