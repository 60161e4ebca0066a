/* SPDX-License-Identifier: GPL-2.0 */
/* The errno values the controllers and the adapters use (asm-generic). */
#ifndef _NATIVE_LINUX_ERRNO_H
#define _NATIVE_LINUX_ERRNO_H
#define ENOENT		 2
#define EINTR		 4
#define ENOMEM		12
#define EFAULT		14
#define EBUSY		16
#define EINVAL		22
#define ERANGE		34
#define EOPNOTSUPP	95
#define EOVERFLOW	75
#endif
