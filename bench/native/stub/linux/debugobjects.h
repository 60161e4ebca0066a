/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Debug objects are off in the guests (no CONFIG_DEBUG_OBJECTS*), so
 * lib/percpu_counter.c uses its empty debug_percpu_counter_*() and nothing
 * of this header.
 */
#ifndef _NATIVE_LINUX_DEBUGOBJECTS_H
#define _NATIVE_LINUX_DEBUGOBJECTS_H
#endif
