// SPDX-License-Identifier: GPL-2.0
/*
 * KVM helpers; see kvm.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/kvm.h>

#include "kvm.h"

#ifndef KVM_CAP_VM_COPY_ENC_CONTEXT_FROM
#define KVM_CAP_VM_COPY_ENC_CONTEXT_FROM 197
#endif
#ifndef KVM_CAP_VM_MOVE_ENC_CONTEXT_FROM
#define KVM_CAP_VM_MOVE_ENC_CONTEXT_FROM 206
#endif

int kvm_open(void)
{
	int fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);

	return fd < 0 ? -errno : fd;
}

int kvm_vm_create(int kvm_fd)
{
	int fd = ioctl(kvm_fd, KVM_CREATE_VM, 0);

	return fd < 0 ? -errno : fd;
}

int kvm_sev_probe(int vm_fd)
{
	return ioctl(vm_fd, KVM_MEMORY_ENCRYPT_OP, NULL) ? -errno : 0;
}

static int init_cmd(const char *res)
{
	if (!strcmp(res, "sev"))
		return KVM_SEV_INIT;
	if (!strcmp(res, "sev_es"))
		return KVM_SEV_ES_INIT;
	return -1;
}

bool kvm_res_known(const char *res)
{
	return init_cmd(res) >= 0;
}

int kvm_sev_init(int vm_fd, const char *res)
{
	struct kvm_sev_cmd cmd = { .sev_fd = -1 };
	int id = init_cmd(res);

	if (id < 0)
		return -EINVAL;
	cmd.id = id;
	return ioctl(vm_fd, KVM_MEMORY_ENCRYPT_OP, &cmd) ? -errno : 0;
}

static int enable_cap(int vm_fd, unsigned int cap, int src_fd)
{
	struct kvm_enable_cap c = { .cap = cap };

	c.args[0] = src_fd;
	return ioctl(vm_fd, KVM_ENABLE_CAP, &c) ? -errno : 0;
}

int kvm_move_enc_from(int dst_fd, int src_fd)
{
	return enable_cap(dst_fd, KVM_CAP_VM_MOVE_ENC_CONTEXT_FROM, src_fd);
}

int kvm_copy_enc_from(int dst_fd, int src_fd)
{
	return enable_cap(dst_fd, KVM_CAP_VM_COPY_ENC_CONTEXT_FROM, src_fd);
}
