/* proc_impl.h: what the files of the process layer share among themselves;
 * nothing outside proc/ includes it but tests/test_proc.c (proc.h is the
 * layer's contract). */
#ifndef REFEREE_PROC_IMPL_H
#define REFEREE_PROC_IMPL_H

#include "proc.h"

#include <stdint.h>
#include <sys/types.h>

/* Close *fd if it is above the standard descriptors, and set it to -1. */
void proc_close_fd(int *fd);

/* Close every descriptor p holds (pipes and log). */
void proc_close_all(struct proc *p);

/* Milliseconds for poll() until the deadline, rounded up so that a wait never
 * wakes early and spins; 0 once it has passed (proc.c). */
int proc_ms_until(int64_t deadline_ns);

/* Copy what the child wrote to stderr into its log, up to the cap; the rest is
 * read and dropped so that the child never blocks on a full pipe. Reads a
 * bounded amount: callers poll again, and check their deadline, before the
 * next drain. Closes err_fd at EOF so that later polls do not wake on its
 * hang-up (proc_log.c). */
void proc_drain_stderr(struct proc *p);

/* Close p's log; if the cap cut what the child wrote to stderr, first end
 * it with one line saying how many bytes of it were dropped (written past
 * the cap: at most one such line per process). -1 and no log are fine
 * (proc_log.c). */
void proc_log_close(struct proc *p);

/* The signals whose disposition is not the default, ignored or caught, as a
 * bit mask (bit n-1: signal n), which a bot's child resets before its exec:
 * the kernel's own masks in /proc/self/status, one read where asking each
 * signal costs a system call each (62 of them, a tenth of a bot's start on a
 * virtual machine); every signal where they cannot be read whole.
 * Dispositions are the process's, read as a bot is spawned: see proc.h on
 * when they may change (proc_spawn.c). */
uint64_t proc_signals_not_default(void);

/* Become uid:gid with no supplementary group, in this thread alone (the raw
 * system calls: safe between vfork and exec). 0, or -errno (proc_user.c). */
int proc_user_drop(uid_t uid, gid_t gid);

#define TRACE_SHOWN 1024 /* bytes of data shown in a line of trace, at most */

/* One line of trace in p's log: the time, the child's pid, mark ('>' written,
 * '<' read, '-' referee's), then the n bytes of data escaped, up to TRACE_SHOWN
 * of them; `cut`: more were dropped (proc_log.c). */
void proc_trace_line(struct proc *p, char mark, const char *data, size_t n, bool cut);

/* The trace of what proc_write writes (len bytes), a line at a time, its line
 * endings left out (proc_log.c). */
void proc_trace_written(struct proc *p, const char *data, size_t len);

/* The pids of the bots alive (spawned and not yet reaped), so that a stray
 * process handed to referee as subreaper can be told from a bot. Lock around
 * a fork and its add, so that no scan sees a bot's pid before it is listed. */
void proc_registry_lock(void);
void proc_registry_unlock(void);
/* called with the lock; cgroup: the id of its cgroups (0: none); name: who
 * it is (copied, cut to 64 bytes; NULL: none). Tells the watchdog too. */
void proc_registry_add(pid_t pid, long cgroup, const char *name);
void proc_registry_remove(pid_t pid);

/* The kinds of cgroup a bot process gets, each in its hierarchy (v1), or
 * both in one folder (v2). */
enum { PROC_CGROUP_PIDS, PROC_CGROUP_MEMORY, PROC_CGROUP_KINDS };

/* The cgroups of their own for a bot about to be spawned: pids always (its
 * processes and threads at most l->processes, pids.max; "max" if 0), memory
 * if l->memory_mb (memory.limit_in_bytes and memsw, or memory.max and
 * swap.max 0). Fills fds with a descriptor (close-on-exec) of each one's
 * cgroup.procs, for the child to write "0" into before exec (-1: none of
 * that kind), and *id. Returns 0, or a negative errno (-ENOTSUP: no cgroup
 * can be made here, see proc_has_bot_cgroups). Thread-safe. */
int proc_cgroup_make(const struct proc_limits *l, long *id, int fds[PROC_CGROUP_KINDS]);

/* Once its bot is reaped (or its spawn failed): the cgroups are removed when
 * empty (now, or at a later proc_cgroup_make or release, or at exit). */
void proc_cgroup_release(long id);

/* The folder that holds the bots' cgroups of a kind (referee-<pid> in
 * referee's own cgroup), or NULL if there is none. */
const char *proc_cgroup_base(int kind);

/* SIGKILL every process in the cgroup folder dir (cgroup.kill where the
 * kernel has it, else each pid of cgroup.procs until none is left, 200
 * reads at most). Returns how many kills it sent. Plain system calls only:
 * safe in a child forked by a threaded process (proc_watchdog.c). */
int proc_cgroup_kill_dir(const char *dir);

/* Kill every process in bot id's cgroup, whatever group or session it is in. */
void proc_cgroup_kill(long id);

/* True if the kernel killed a process in bot id's memory cgroup for want of
 * memory (its oom_kill count); read before proc_cgroup_release. */
bool proc_cgroup_is_out_of_memory(long id);

/* A process as /proc shows it, and whose doing it is. */
struct proc_row {
    pid_t pid, ppid, pgid, sid;
    uid_t uid;
    char state; /* 'R', 'S', ... 'Z' a zombie */
    long owner; /* after proc_tree_own: the index of the bot it belongs to, or -1 */
};

/* Up to cap processes of the machine into rows, in /proc's order (rising
 * pids); returns how many. Plain system calls only (proc_tree.c). */
size_t proc_tree_read(struct proc_row *rows, size_t cap);

/* Sets each row's owner: the bot (an index into bots, nbots pids) whose pid
 * is its pid, group or session, or the owner of its parent, at any depth. */
void proc_tree_own(struct proc_row *rows, size_t n, const pid_t *bots, size_t nbots);

/* True if process pid's environment, as it was exec'd, holds the entry mark
 * ("NAME=value"); false if it does not, or cannot be read. */
bool proc_tree_has_mark(pid_t pid, const char *mark);

/* Calls each(pid, arg) for every number in the file at path, whatever
 * separates them (cgroup.procs' "pid\n", a task's children "pid pid "), in
 * order; -1 if the file cannot be opened, else 0. Plain system calls only. */
int proc_tree_each_pid(const char *path, void (*each)(long pid, void *arg), void *arg);

/* Tell the watchdog (proc_watchdog.c) of a bot's pid as it is spawned (op
 * '+') and reaped ('-'); nothing if it runs not. */
void proc_watchdog_tell(char op, pid_t pid);

#endif
