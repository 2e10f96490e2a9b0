/* sandbox_filter.c: the seccomp program that takes locks and file watches
 * from sandboxed bots, as classic BPF. */
#include "sandbox_filter.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>

#ifndef F_OFD_SETLK
#define F_OFD_SETLK  37
#define F_OFD_SETLKW 38
#endif
#ifndef F_NOTIFY
#define F_NOTIFY 1026
#endif
#define F_SETLK64_32  13 /* i386's F_SETLK64 and F_SETLKW64 */
#define F_SETLKW64_32 14

#define GRANT  (SECCOMP_RET_ERRNO | 0) /* 0 returned, the call not made */
#define REFUSE (SECCOMP_RET_ERRNO | EPERM)
#define NONE   UINT32_MAX /* no such call on this architecture */

/* Where the low 32 bits of a call's second argument lie in seccomp_data. */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define ARG1_LOW offsetof(struct seccomp_data, args[1])
#else
#define ARG1_LOW (offsetof(struct seccomp_data, args[1]) + 4)
#endif

/* The numbers of one architecture's calls the program looks at. */
struct arch_calls {
    uint32_t arch, mask; /* AUDIT_ARCH_*; what of a number is kept (x32's bit off) */
    uint32_t flock, fcntl, fcntl64, inotify_add_watch, fanotify_init, fanotify_mark;
};

#if defined(__x86_64__)
/* x32's calls are x86-64's with bit 30 set: judged as theirs. A 64-bit
 * process may make i386's calls too (int 0x80), by their own numbers. */
static const struct arch_calls arches[] = {
    {AUDIT_ARCH_X86_64, ~0x40000000u, SYS_flock, SYS_fcntl, NONE, SYS_inotify_add_watch,
     SYS_fanotify_init, SYS_fanotify_mark},
    {AUDIT_ARCH_I386, UINT32_MAX, 143, 55, 221, 292, 338, 339},
};
#define NARCHES (sizeof(arches) / sizeof(arches[0]))
#elif defined(__aarch64__)
static const struct arch_calls arches[] = {
    {AUDIT_ARCH_AARCH64, UINT32_MAX, SYS_flock, SYS_fcntl, NONE, SYS_inotify_add_watch,
     SYS_fanotify_init, SYS_fanotify_mark},
};
#define NARCHES (sizeof(arches) / sizeof(arches[0]))
#else
static const struct arch_calls arches[1]; /* none known */
#define NARCHES 0
#endif

struct prog {
    struct sock_filter ins[SANDBOX_FILTER_MAX];
    size_t n;
    bool full;
};

static void put(struct prog *p, uint16_t code, uint8_t jt, uint8_t jf, uint32_t k)
{
    if (p->n == SANDBOX_FILTER_MAX) {
        p->full = true;
        return;
    }
    p->ins[p->n++] = (struct sock_filter){code, jt, jf, k};
}

/* if (A == nr) return ret; A is kept. */
static void put_call(struct prog *p, uint32_t nr, uint32_t ret)
{
    if (nr == NONE)
        return;
    put(p, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, nr);
    put(p, BPF_RET | BPF_K, 0, 0, ret);
}

/* if (A == nr) judge fcntl's command, and return; A is kept otherwise. */
static void put_fcntl(struct prog *p, uint32_t nr)
{
    static const uint32_t grant[] = {F_SETLK,      F_SETLKW,     F_OFD_SETLK,
                                     F_OFD_SETLKW, F_SETLK64_32, F_SETLKW64_32};
    if (nr == NONE)
        return;
    /* the block after the jump: a load, two a command, the last return */
    size_t len = 1 + 2 * (sizeof(grant) / sizeof(grant[0]) + 1) + 1;
    put(p, BPF_JMP | BPF_JEQ | BPF_K, 0, (uint8_t)len, nr);
    put(p, BPF_LD | BPF_W | BPF_ABS, 0, 0, ARG1_LOW);
    for (size_t i = 0; i < sizeof(grant) / sizeof(grant[0]); i++)
        put_call(p, grant[i], GRANT);
    put_call(p, F_NOTIFY, REFUSE);
    put(p, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_ALLOW);
}

/* One architecture's part, entered with A = the architecture: skipped
 * unless it is a's, else it returns. */
static void put_arch(struct prog *p, const struct arch_calls *a)
{
    struct prog part = {.n = 0};
    put(&part, BPF_LD | BPF_W | BPF_ABS, 0, 0, offsetof(struct seccomp_data, nr));
    if (a->mask != UINT32_MAX)
        put(&part, BPF_ALU | BPF_AND | BPF_K, 0, 0, a->mask);
    put_fcntl(&part, a->fcntl);
    put_fcntl(&part, a->fcntl64);
    put_call(&part, a->flock, GRANT);
    put_call(&part, a->inotify_add_watch, REFUSE);
    put_call(&part, a->fanotify_init, REFUSE);
    put_call(&part, a->fanotify_mark, REFUSE);
    put(&part, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_ALLOW);
    p->full |= part.full || part.n > UINT8_MAX;
    put(p, BPF_JMP | BPF_JEQ | BPF_K, 0, (uint8_t)part.n, a->arch);
    for (size_t i = 0; i < part.n; i++)
        put(p, part.ins[i].code, part.ins[i].jt, part.ins[i].jf, part.ins[i].k);
}

size_t sandbox_filter_build(unsigned char *out, size_t cap)
{
    struct prog p = {.n = 0};
    if (NARCHES == 0)
        return 0;
    put(&p, BPF_LD | BPF_W | BPF_ABS, 0, 0, offsetof(struct seccomp_data, arch));
    for (size_t i = 0; i < NARCHES; i++)
        put_arch(&p, &arches[i]);
    put(&p, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_KILL_PROCESS);
    size_t bytes = p.n * sizeof(p.ins[0]);
    if (p.full || bytes > cap)
        return 0;
    memcpy(out, p.ins, bytes);
    return bytes;
}
