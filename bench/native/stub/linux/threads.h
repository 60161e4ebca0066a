/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _NATIVE_LINUX_THREADS_H
#define _NATIVE_LINUX_THREADS_H
#define NR_CPUS		CONFIG_NR_CPUS
#endif
