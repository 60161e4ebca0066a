// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP v1 output; see ktap.h.
 */
#include <stdarg.h>
#include <stdio.h>

#include "ktap.h"
#include "parse.h"

static int number, passes, fails, todos, skips;

void ktap_start(int planned)
{
	printf("KTAP version 1\n1..%d\n", planned);
	fflush(stdout);
}

void ktap_diag(const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	parse_sanitize(buf);
	printf("# %s\n", buf);
	fflush(stdout);
}

void ktap_observed(const char *point, const char *text)
{
	char buf[1024];

	snprintf(buf, sizeof(buf), "%s", text);
	parse_sanitize(buf);
	printf("# observed %s: %s\n", point, buf);
}

static void line(const char *ok, const char *point, const char *directive,
		 const char *why)
{
	char buf[512];

	if (directive) {
		snprintf(buf, sizeof(buf), "%s", why);
		parse_sanitize(buf);
		printf("%s %d %s # %s %s\n", ok, ++number, point, directive, buf);
	} else {
		printf("%s %d %s\n", ok, ++number, point);
	}
	fflush(stdout);
}

void ktap_pass(const char *point)
{
	passes++;
	line("ok", point, NULL, NULL);
}

void ktap_fail(const char *point)
{
	fails++;
	line("not ok", point, NULL, NULL);
}

void ktap_skip(const char *point, const char *why)
{
	skips++;
	line("ok", point, "SKIP", why);
}

void ktap_todo(const char *point, const char *finding)
{
	todos++;
	line("not ok", point, "TODO", finding);
}

void ktap_summary(void)
{
	printf("# %d pass, %d fail, %d todo, %d skip\n", passes, fails, todos,
	       skips);
	fflush(stdout);
}

int ktap_failures(void)
{
	return fails;
}
