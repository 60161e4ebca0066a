/* SPDX-License-Identifier: GPL-2.0 */
/*
 * meta: the "key: value" lines of meta.txt and native-meta.txt.
 */
#ifndef BENCHREPORT_META_H
#define BENCHREPORT_META_H

#include <stddef.h>

/*
 * The value of the first line "<key>: value" of <dir>/<file> into out;
 * returns 0, or -1 if the file or the key is missing (out is "").
 */
int meta_get(const char *dir, const char *file, const char *key, char *out,
	     size_t len);
/* The same from a text. */
int meta_find(const char *text, const char *key, char *out, size_t len);
/* Does <dir>/<file> exist? */
int meta_exists(const char *dir, const char *file);

#endif
