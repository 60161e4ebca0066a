// SPDX-License-Identifier: GPL-2.0
/*
 * qemu_exit: end the QEMU guest with a status the host can read.
 *
 * QEMU's isa-debug-exit device (iobase 0xf4) makes qemu exit with
 * (value << 1) | 1, so the host sees 1 for success and 3, 5, ... for
 * failures, and anything else means the guest never got here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/io.h>
#include <unistd.h>

#define DEBUG_EXIT_PORT 0xf4

int main(int argc, char **argv)
{
	int status = argc > 1 ? atoi(argv[1]) : 0;

	sync();
	if (ioperm(DEBUG_EXIT_PORT, 1, 1)) {
		perror("qemu_exit: ioperm");
		return 1;
	}
	outb(status & 0x7f, DEBUG_EXIT_PORT);
	/* Not reached when the device exists. */
	fprintf(stderr, "qemu_exit: no isa-debug-exit device\n");
	return 1;
}
