// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel-side stubs' services that need the C library: memory,
 * warnings, and the lib/ string helpers.  Built against the C library's
 * headers, not the stubs; the prototypes are those the stubs declare.
 */
#include <ctype.h>
#include <pthread.h>
#include <signal.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../native.h"
#ifdef NATIVE_COUNT_OPS
#include "../count_ops.h"
#endif

static unsigned long warn_count;

void *native_kzalloc(size_t size);
void native_kfree(const void *p);
void *native_alloc_area(size_t size);
void native_warn(const char *file, int line, bool *printed, const char *fmt, ...);
void native_bug(const char *file, int line);
void seq_printf(void *m, const char *fmt, ...);
char *strstrip(char *s);
int kstrtoull(const char *s, unsigned int base, unsigned long long *res);
int kstrtoul(const char *s, unsigned int base, unsigned long *res);
int kstrtouint(const char *s, unsigned int base, unsigned int *res);
unsigned long long memparse(const char *ptr, char **retptr);

/* SLUB's kmalloc-<2^n> caches align an object to its size, up to a page. */
void *native_kzalloc(size_t size)
{
	size_t align = 8;
	void *p;

	while (align < size && align < 4096)
		align <<= 1;
	if (posix_memalign(&p, align, size ? size : 1))
		return NULL;
	memset(p, 0, size);
	return p;
}

void native_kfree(const void *p)
{
	free((void *)p);
}

/* A zeroed, page-aligned area (one CPU's per-CPU memory). */
/*
 * The IPIs of native_rt.c: SIGUSR1 to the thread that plays the target CPU;
 * the handler lets the kernel side take the call, or leave it pending
 * while that thread's interrupts are off.
 */
void native_ipi_interrupt(void);

static void native_ipi_handler(int sig)
{
	int saved = errno;

	(void)sig;
	native_ipi_interrupt();
	errno = saved;
}

void native_ipi_setup(void)
{
	struct sigaction sa = { .sa_handler = native_ipi_handler,
				.sa_flags = SA_RESTART };

	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, NULL)) {
		perror("# native: sigaction");
		exit(1);
	}
}

unsigned long native_thread_self(void)
{
	return (unsigned long)pthread_self();
}

void native_ipi_kick(unsigned long thread)
{
	pthread_kill((pthread_t)thread, SIGUSR1);
}

void *native_alloc_area(size_t size)
{
	void *p;

	if (posix_memalign(&p, 4096, size))
		return NULL;
	memset(p, 0, size);
#ifdef NATIVE_COUNT_OPS
	native_count_area(p, size);
#endif
	return p;
}

void native_warn(const char *file, int line, bool *printed, const char *fmt, ...)
{
	va_list ap;

	__atomic_fetch_add(&warn_count, 1, __ATOMIC_SEQ_CST);
	if (__atomic_exchange_n(printed, true, __ATOMIC_SEQ_CST))
		return;
	fprintf(stderr, "# native: WARNING at %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

unsigned long native_warn_count(void)
{
	return __atomic_load_n(&warn_count, __ATOMIC_SEQ_CST);
}

void native_bug(const char *file, int line)
{
	fprintf(stderr, "# native: BUG at %s:%d\n", file, line);
	abort();
}

void seq_printf(void *m, const char *fmt, ...)
{
	(void)m;
	(void)fmt;
}

/* lib/string.c strim() */
char *strstrip(char *s)
{
	size_t size = strlen(s);
	char *end;

	if (!size)
		return s;
	end = s + size - 1;
	while (end >= s && isspace((unsigned char)*end))
		end--;
	*(end + 1) = '\0';
	while (isspace((unsigned char)*s))
		s++;
	return s;
}

/* lib/kstrtox.c */
int kstrtoull(const char *s, unsigned int base, unsigned long long *res)
{
	unsigned long long acc = 0;
	unsigned int digits = 0, d;

	if (s[0] == '+')
		s++;
	if (base == 0) {
		if (s[0] == '0' && tolower((unsigned char)s[1]) == 'x' &&
		    isxdigit((unsigned char)s[2]))
			base = 16;
		else if (s[0] == '0')
			base = 8;
		else
			base = 10;
	}
	if (base == 16 && s[0] == '0' && tolower((unsigned char)s[1]) == 'x')
		s += 2;
	for (;; s++, digits++) {
		int c = tolower((unsigned char)*s);

		if (isdigit(c))
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else
			break;
		if (d >= base)
			break;
		if (acc > (ULLONG_MAX - d) / base)
			return -ERANGE;
		acc = acc * base + d;
	}
	if (!digits)
		return -EINVAL;
	if (*s == '\n')
		s++;
	if (*s)
		return -EINVAL;
	*res = acc;
	return 0;
}

int kstrtoul(const char *s, unsigned int base, unsigned long *res)
{
	unsigned long long tmp;
	int rv = kstrtoull(s, base, &tmp);

	if (rv)
		return rv;
	if (tmp != (unsigned long)tmp)
		return -ERANGE;
	*res = tmp;
	return 0;
}

int kstrtouint(const char *s, unsigned int base, unsigned int *res)
{
	unsigned long long tmp;
	int rv = kstrtoull(s, base, &tmp);

	if (rv)
		return rv;
	if (tmp != (unsigned int)tmp)
		return -ERANGE;
	*res = tmp;
	return 0;
}

/*
 * lib/vsprintf.c simple_strtoull(): base 0 picks 16 for "0x", 8 for "0",
 * else 10; no sign, no leading blanks; stops at the first non-digit (an
 * overflow is not detected, as there).
 */
static unsigned long long simple_strtoull(const char *cp, char **endp,
					  unsigned int base)
{
	unsigned long long acc = 0;
	unsigned int d;

	if (base == 0) {
		if (cp[0] == '0' && tolower((unsigned char)cp[1]) == 'x' &&
		    isxdigit((unsigned char)cp[2]))
			base = 16;
		else if (cp[0] == '0')
			base = 8;
		else
			base = 10;
	}
	if (base == 16 && cp[0] == '0' && tolower((unsigned char)cp[1]) == 'x')
		cp += 2;
	for (;; cp++) {
		int c = tolower((unsigned char)*cp);

		if (isdigit(c))
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else
			break;
		if (d >= base)
			break;
		acc = acc * base + d;
	}
	if (endp)
		*endp = (char *)cp;
	return acc;
}

/* lib/cmdline.c memparse(): page_counter_memparse() calls it. */
unsigned long long memparse(const char *ptr, char **retptr)
{
	char *endptr;
	unsigned long long ret = simple_strtoull(ptr, &endptr, 0);

	switch (*endptr) {
	case 'E':
	case 'e':
		ret <<= 10;
		/* fall through */
	case 'P':
	case 'p':
		ret <<= 10;
		/* fall through */
	case 'T':
	case 't':
		ret <<= 10;
		/* fall through */
	case 'G':
	case 'g':
		ret <<= 10;
		/* fall through */
	case 'M':
	case 'm':
		ret <<= 10;
		/* fall through */
	case 'K':
	case 'k':
		ret <<= 10;
		endptr++;
		/* fall through */
	default:
		break;
	}
	if (retptr)
		*retptr = endptr;
	return ret;
}
