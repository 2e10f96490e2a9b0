/* proc.h: the one place that starts, talks to, stops and reaps bot processes:
 * the whole contract of the process layer (as git's run-command.h is). It
 * links only util/ and libc: a child is an argv, a name, limits and a log,
 * never a bot, a game or a protocol; the sandbox (sandbox/) and the players
 * (play/) are its users.
 *
 * The life of a child:
 *   proc_init    a struct proc with no child: what proc_spawn expects.
 *   proc_spawn   vfork + exec of argv in its own process group, stdin and stdout
 *                on pipes held by the parent, stderr on a third pipe that the
 *                parent copies into a log file up to a byte cap. Every descriptor
 *                is close-on-exec; an exec failure is reported to the parent
 *                through a close-on-exec pipe and returned as an error, the child
 *                prints nothing and only _exits. The child holds descriptors 0-2
 *                only (and PROC_PASS_FD if asked), its signal dispositions
 *                default and its mask empty; it gets SIGKILL when referee dies
 *                (PR_SET_PDEATHSIG, Linux).
 *   proc_write   writes a whole line to the child's stdin before a deadline.
 *   proc_read_line  reads one line of the child's stdout before a deadline
 *                (proc_read_reply: one just asked for; proc_take_buffered: one
 *                already read; proc_look: a glance at several children),
 *                draining its stderr meanwhile so that a chatty log never blocks it.
 *   proc_close_input  the child reads EOF on its stdin.
 *   proc_wait    reaps the child if it exited before a deadline (proc_status:
 *                its exit code, or 128 + signal).
 *   proc_stop    closes stdin, gives the child `grace_ms` to exit on its own,
 *                then SIGTERM to its process group and to its pid (it may have
 *                left the group), 50 ms, then SIGKILL likewise; reaps it, then
 *                kills and reaps any descendant handed to referee as subreaper
 *                (proc_reap_strays), and closes every descriptor. A stop takes
 *                at most grace + about 100 ms. Never blocks past its own deadlines.
 * A child is finished when it has been reaped; its descriptors are closed by
 * proc_stop alone, which every struct proc that proc_spawn filled must get.
 *
 * Who owns what: the caller owns each struct proc (embedded, never shared
 * between threads at once) and everything proc_options points to, which is
 * read during proc_spawn only (the name is copied; log_fd is duplicated). The
 * struct proc owns its pipes and its log descriptor until proc_stop closes them.
 *
 * Every child spawned and not yet reaped is listed in a registry of live bots
 * (proc_live_count); one whose exec failed is reaped and unlisted before
 * proc_spawn returns. Any other child of referee's is a stray.
 *
 * Where referee may make cgroups (proc_has_bot_cgroups), each child is put in
 * cgroups of its own before its exec: pids (its --max-procs) and, with a
 * memory limit, memory. When the child is reaped, every process left in its
 * cgroup is killed, whatever group or session it made, and the cgroups are
 * removed once empty (at the latest when referee exits).
 *
 * What a bot leaves when referee dies, even by SIGKILL: the watchdog
 * (proc_watchdog_start), a process forked once at start-up, in a session of
 * its own, that proc_spawn tells of each bot's pid (and proc_wait of its
 * reaping) over a pipe. When the pipe ends (referee exited or died) it kills,
 * in passes until one finds nothing: each bot's process group and pid, every
 * process in the bots' cgroups, and every process whose group, session or
 * parent chain leads to a bot, or whose environment holds the run's mark
 * (PROC_RUN_MARK); then it removes the cgroups and exits.
 *
 * Start-up, once, before any thread: proc_ignore_sigpipe, then
 * proc_become_subreaper and proc_watchdog_start as a command wants them, and
 * proc_set_interrupt_fd for Ctrl-C. They set the process-wide state the layer
 * keeps (signal dispositions, the watchdog, the interrupt pipe); the registry
 * and the cgroups' folders are made on first use.
 *
 * Deadlines are absolute, in nanoseconds of CLOCK_MONOTONIC (see proc_now_ns);
 * poll() is re-armed with the time remaining on every pass. The parent must
 * ignore SIGPIPE (proc_ignore_sigpipe does it): a write to a dead child then
 * fails with EPIPE, which proc_write reports as PROC_CLOSED.
 *
 * Errors: an error of referee's own (a pipe, a fork, a file) is a negative
 * errno; what a child does (exit, close, stay silent, flood) is never an
 * error, only an outcome: an enum proc_io, a status.
 *
 * Thread safety: distinct struct proc may be used from distinct threads. */
#ifndef REFEREE_PROC_H
#define REFEREE_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define PROC_LINE_MAX 4096 /* longest line proc_read_line accepts, newline excluded */

/* Outcomes of I/O with a child (non-negative), apart from negative errnos for
 * errors of the referee itself. */
enum proc_io {
    PROC_OK = 0,
    PROC_TIMEOUT,     /* the deadline passed first */
    PROC_CLOSED,      /* the child closed its end (EOF on stdout, EPIPE on stdin) */
    PROC_TOO_LONG,    /* a line longer than the caller's limit */
    PROC_INTERRUPTED, /* the interrupt pipe became readable (proc_set_interrupt_fd) */
};

/* Resource limits set in the child before exec (setrlimit); 0: no limit. A
 * bot over its memory limit sees allocations fail; over its CPU time it gets
 * SIGXCPU, then SIGKILL. Core dumps are always off. */
struct proc_limits {
    long memory_mb;   /* address space (RLIMIT_AS), and all it holds where
                       * proc_has_memory_cgroups (its cgroup's limit), in MiB */
    long cpu_seconds; /* CPU time of the whole process life (RLIMIT_CPU) */
    long open_files;  /* descriptors (RLIMIT_NOFILE) */
    long processes;   /* processes and threads of the bot: a cgroup's pids.max where
                       * proc_has_bot_cgroups, else those of the user (RLIMIT_NPROC;
                       * then not enforced for root) */
    long file_mb;     /* size of a file it writes (RLIMIT_FSIZE), in MiB; past it a
                       * write fails with EFBIG (SIGXFSZ is ignored) */
};

#define PROC_PASS_FD  3    /* where proc_options.pass is read from */
#define PROC_PASS_MAX 4096 /* what a pipe takes at once */

struct proc_options {
    char *const *argv;    /* argv[0] is looked up in PATH if it has no '/'; NULL-terminated */
    const char *name;     /* who it is, for proc_most_processes (a bot's name), or NULL */
    const char *cwd;      /* working directory of the child, or NULL for ours; entered
                           * before exec, so a relative argv[0] is relative to it */
    const char *log_path; /* file that gets the child's stderr (appended), or NULL to drop it */
    int log_fd;           /* or: that file, open (borrowed; the child's own copy is taken),
                           * when > 2: a file of a results folder, opened through it */
    size_t log_cap;       /* size the log file may reach (what it holds counts); 0: none.
                           * What the cap cuts of a child's stderr is counted, and said
                           * in one line past the cap when the child is stopped:
                           * 'referee: log cut at CAP bytes (its cap); N more bytes of
                           * stderr dropped' */
    struct proc_limits limits;
    bool cr_ends_line; /* a CR alone ends a line of its stdout too, as an LF or a CR LF
                        * does (a Gomocup brain's; see proc_read_line) */
    const void *pass;  /* bytes the program reads from its descriptor PROC_PASS_FD, the
                        * read end of a pipe that holds them and then ends (bubblewrap's
                        * seccomp program); NULL: none, the child holds 0-2 only */
    size_t pass_len;   /* at most PROC_PASS_MAX */
    char *const *envp; /* its environment, NULL-terminated; NULL: referee's own */
    bool as_user;      /* run it as uid and gid, with no supplementary group (referee
                        * must be root): set after its cgroup and limits, before its
                        * working directory is entered and its program run */
    uid_t uid;
    gid_t gid;
};

/* Its descriptors are never 0, 1 or 2, so a zeroed struct holds none. */
struct proc {
    pid_t pid;          /* also the process group id; 0 once reaped */
    int in_fd;          /* write end of the child's stdin; -1 once closed */
    int out_fd;         /* read end of the child's stdout; -1 once closed */
    int err_fd;         /* read end of the child's stderr; -1 once closed */
    int log_fd;         /* the log file, or -1 */
    size_t log_written; /* bytes written to the log so far */
    size_t log_dropped; /* bytes of stderr the cap left out of it, for its last line */
    size_t log_cap;
    int status;                  /* after reaping: exit code, or 128 + signal number; -1 before */
    char buf[PROC_LINE_MAX + 1]; /* bytes read from stdout not yet returned */
    size_t len;
    bool stirred;      /* its stdout was seen readable while watched (proc_read_reply, proc_look) */
    size_t got;        /* bytes read from its stdout, in all */
    bool trace;        /* every line written and read goes to the log too (proc_trace_start) */
    bool cr_ends_line; /* as proc_options says */
    bool after_cr;     /* the last line taken ended with a CR that was the last byte
                        * read: an LF that comes first next is that CR's (CR LF) */
    long cgroup;       /* the id of its cgroups (proc_cgroup.c), 0 if none */
    bool out_of_memory; /* after reaping: the kernel killed in its memory cgroup */
};

/* Set up p with no child and no descriptor: what proc_spawn expects, and what
 * proc_stop and the questions below accept. */
void proc_init(struct proc *p);

/* True once the child's stdout was seen readable while watched (proc_look,
 * proc_read_reply's watch): it wrote, or closed it. */
bool proc_has_stirred(const struct proc *p);

/* Forget that the child stirred: what it wrote was read, and was lines its
 * protocol allows at any time (an NBoard engine's `status`, a Gomocup brain's
 * DEBUG). */
void proc_settle(struct proc *p);

/* True if bytes of its stdout wait unread, or it stirred: something to read. */
bool proc_has_unread(const struct proc *p);

/* True once any byte came from the child's stdout. */
bool proc_has_written(const struct proc *p);

/* True if the bytes read from its stdout and not yet taken as a line hold a
 * CR: where only LF ends a line (not cr_ends_line), a line ended with CR
 * alone, which waits for an end that never comes. No system call. */
bool proc_has_bare_cr(const struct proc *p);

/* Append a line of referee's own (text, without its newline) to the child's
 * log, within the log's cap: "referee: <text>". */
void proc_log_note(struct proc *p, const char *text);

/* Trace the child's talk into its log, within the log's cap, from now until
 * the next proc_spawn (which turns it off): each line proc_write writes (`>`) and each line
 * proc_read_line, proc_read_reply or proc_take_buffered takes (`<`), one a
 * line, after the time since referee first traced, in milliseconds, and the
 * child's pid (a log may get lines of two processes of a bot at once, under
 * -j): "[  1234.567 ms] 4321 > turn ...", each line one write. The line ending (LF, or CR LF) is
 * left out, and every byte outside printable ASCII is escaped (\t \r \0 \xHH, and \\), so no raw
 * byte of the bot's reaches the log this way; a line too long is shown in part. Starts with a line
 * saying the child's pid. Costs nothing when off (one test of p->trace). */
void proc_trace_start(struct proc *p);

/* A line of referee's own in the trace, if tracing: "[  1234.567 ms] 4321 - text". */
void proc_trace_note(struct proc *p, const char *text);

/* The child's status once reaped (proc_wait returned true): its exit code, or
 * 128 + the signal that ended it; -1 before. */
int proc_status(const struct proc *p);

/* True once reaped if the kernel killed a process in its memory cgroup for
 * want of memory (its --memory): why it ended, if it was killed. */
bool proc_was_out_of_memory(const struct proc *p);

/* Make this process the subreaper of its descendants (Linux): a bot's child
 * or grandchild orphaned by its parent (double fork, setsid) is handed to
 * referee, which proc_stop then kills and reaps. Returns 0 or -errno. */
int proc_become_subreaper(void);

/* Kill and reap every child of referee's that is not a bot alive (one handed
 * to it as subreaper), with its process group. Returns how many. Called by
 * proc_stop after each bot it reaps. Its cost is per child of referee's and
 * per thread (it reads /proc/self/task/<tid>/children; only on a kernel
 * without those files does it scan all of /proc). It holds the spawn lock only
 * to tell bots from strays, never while it waits for a stray to die (up to
 * 100 ms each; one that outlasts it stays a stray for the next call). */
int proc_reap_strays(void);

/* How many bots are spawned and not yet reaped (the registry's entries). */
size_t proc_live_count(void);

/* True if each bot process can have a pids cgroup of its own (v1, or v2 with
 * the pids controller delegated), which proc_spawn then makes for each: its
 * --max-procs a budget of its own (pids.max), and all it started killed at
 * once when it is reaped. Else false with why (one line) in why, and
 * proc_spawn falls back on RLIMIT_NPROC, a budget of the whole user. */
bool proc_has_bot_cgroups(char *why, size_t cap);

/* True if each bot's --memory can cover all it holds: a memory cgroup (v1's
 * controller, or v2's delegated) per bot process, with the limit on memory
 * and swap, which shared memory, memfd and tmpfs pages count in. Else false
 * with why in why, and --memory is RLIMIT_AS alone (address space). */
bool proc_has_memory_cgroups(char *why, size_t cap);

/* The variable each child finds in its environment once the watchdog runs:
 * PROC_RUN_MARK=<referee's pid>.<a time>, one value a run. */
#define PROC_RUN_MARK "REFEREE_RUN"

/* Start the watchdog described at the top, once (later calls return 0): it
 * sets PROC_RUN_MARK in referee's environment and forks. Call at start-up,
 * before any thread (it changes the environment), after proc_ignore_sigpipe.
 * Returns 0, or -errno (no watchdog then: a bot's daemon may outlive a
 * referee killed by SIGKILL where no cgroup holds it). The watchdog exits
 * once referee has, after its sweep; it holds none of referee's descriptors
 * and ignores the signals of a terminal and of its job. */
int proc_watchdog_start(void);

/* The live bot that holds the most processes (its cgroup's pids.current, or
 * its group, session and descendants as /proc shows them): its name (as
 * proc_options gave it) into name, and how many. 0 if no bot holds any.
 * For saying who a spawn that failed with EAGAIN was starved by. */
long proc_most_processes(char *name, size_t cap);

/* Ignore SIGPIPE for the whole process. Call once at start-up. Every change
 * of a signal's disposition (ignored, caught) belongs there, before the first
 * bot starts: a bot's child resets those found not at their default as it is
 * spawned, and one changed by another thread meanwhile may be missed. */
void proc_ignore_sigpipe(void);

/* Make every wait of proc_write and proc_read_line return PROC_INTERRUPTED as
 * soon as fd (the read end of a pipe that a signal handler writes to, and
 * nobody reads) is readable; -1 to stop. Call before any thread starts. */
void proc_set_interrupt_fd(int fd);

/* Monotonic clock, in nanoseconds. */
int64_t proc_now_ns(void);

/* Milliseconds since the epoch (CLOCK_REALTIME): when a game started, for its record. */
int64_t proc_wall_ms(void);

/* Start a child as described above into *p (caller-owned, overwritten).
 * Returns 0, or a negative errno: -ENOENT / -EACCES when argv[0] cannot be
 * executed, or cwd cannot be entered (the child's errno), or the error of
 * pipe/fork/open. On error nothing is left running or open (pid 0, descriptors
 * -1). Unlike execvp, a file without a #! line is not run by /bin/sh: -ENOEXEC. */
int proc_spawn(struct proc *p, const struct proc_options *opt);

/* Whether user uid:gid (no supplementary group) may reach each of the n
 * paths as access(2) says with modes[i] (R_OK | X_OK...), asked in a child
 * that becomes that user: the index of the first it may not, with its errno
 * in *why; -1 if it may reach them all; or a negative errno if the question
 * cannot be asked (-EPERM: referee is not root). */
int proc_user_denied(uid_t uid, gid_t gid, const char *const *paths, const int *modes, int n,
                     int *why);

/* Write len bytes (a line with its '\n') to the child's stdin before the
 * deadline. Returns PROC_OK, PROC_TIMEOUT, PROC_CLOSED, or a negative errno. */
int proc_write(struct proc *p, const char *data, size_t len, int64_t deadline_ns);

/* Read one line from the child's stdout before the deadline into line (size
 * cap bytes, cap > 0; the '\n' and a '\r' before it are dropped, the text is
 * NUL terminated; with cr_ends_line, a '\r' alone ends a line too, and an LF
 * right after it, even one read later, is its end, not an empty line). Bytes
 * after the line are kept for the next call. Returns PROC_OK with *len set,
 * PROC_TIMEOUT, PROC_CLOSED (EOF before a newline; it is reported again by
 * every later call), or PROC_TOO_LONG when more than cap - 1 bytes arrive
 * without a newline (a '\r' counts; cap is clipped to PROC_LINE_MAX + 1): its
 * first cap bytes are dropped (the first cap - 1 of them are in line, *len
 * set: its head, for a caller that keeps it), the rest of that line is left
 * for the next call. What is already readable is returned even past the deadline, so a
 * deadline of proc_now_ns() only looks. Drains stderr into the log while it
 * waits. */
int proc_read_line(struct proc *p, char *line, size_t cap, size_t *len, int64_t deadline_ns);

/* Take what was already read of the child's stdout, without a system call:
 * a whole line, as proc_read_line returns it; or, with `partial` and no whole
 * line there, the bytes of a line not yet ended (all of them, cut to cap - 1).
 * Returns PROC_OK with *len set, or PROC_TIMEOUT when there is nothing to take. */
int proc_take_buffered(struct proc *p, char *line, size_t cap, size_t *len, bool partial);

/* Close the child's stdin: it reads the end of its input (EOF), as a child
 * does when referee is done with it; later writes are PROC_CLOSED. */
void proc_close_input(struct proc *p);

/* Bytes written to the child's stdin that it has not read yet (FIONREAD on
 * the pipe, Linux), or -1 if that cannot be known. One system call. */
long proc_input_unread(const struct proc *p);

/* A read of the reply to a line just written (proc_read_reply). */
struct proc_read {
    char *line; /* room for the reply: cap bytes, as for proc_read_line */
    size_t cap;
    size_t len;          /* out: the reply's length */
    int64_t deadline_ns; /* absolute */
    struct proc *watch;  /* a child that should be quiet meanwhile, or NULL */
    int64_t spin_ns;     /* read without sleeping for this long first; 0: never */
    bool yield;          /* without spin: if the reply is not there, let the child run first */
};

/* proc_read_line for the reply to a line just written. With spin_ns > 0 it
 * first tries reads, without sleeping, for up to spin_ns (a reply that comes
 * that fast then costs no wake-up). Then it reads once more and, if the reply
 * is not there yet, waits for it; with yield it first gives up the processor
 * once (sched_yield) and reads again: a child on the same core that the write
 * woke then answers without a poll. While it waits it
 * watches the stdout of `watch` in the same poll: if that becomes readable
 * (output, or EOF), it is marked stirred (proc_has_stirred), and stays so until
 * the child is started again. */
int proc_read_reply(struct proc *p, struct proc_read *rq);

/* One poll, without waiting, of the stdout of up to 8 children (NULL entries
 * and those already stirred are skipped): each that has output or EOF is marked
 * stirred, as if watched: for catching a bot that writes when not asked, or has
 * exited. */
void proc_look(struct proc *const procs[], int n);

/* The child's resident memory in KiB (its own process, not its children's;
 * for a sandboxed bot, bubblewrap's), or 0 if unknown. Reads /proc: for a look
 * now and then, not for every move. */
long proc_rss_kb(const struct proc *p);

/* Memory the machine has available for new processes, in KiB (MemAvailable),
 * or 0 if unknown. */
long proc_memory_available_kb(void);

/* Descriptors this process may have open at once (its soft RLIMIT_NOFILE). */
long proc_descriptors_max(void);

/* Pin the calling thread, and so the children it starts from then on, to the
 * nth (modulo their count) of the cores this process may use. Returns the core,
 * or a negative errno (-ENOSYS where there is no such call: Linux only). */
int proc_pin_thread(int nth);

/* Stop and reap the child as described above, drain its stderr into the log
 * and close every descriptor. Safe to call twice and on a zeroed or failed
 * struct (pid 0). Returns the status: exit code, or 128 + signal number (also
 * kept in p->status); -1 after a failed spawn, or if even SIGKILL did not end
 * the child within a second (pid stays set, a later call retries). */
int proc_stop(struct proc *p, int grace_ms);

/* Wait until the child exits or the deadline passes (a deadline in the past
 * checks once without blocking), looking every millisecond and draining stderr
 * meanwhile. If it exited: SIGKILL what is left of its process group (no
 * grandchild lingers; done before reaping, so the group id cannot have been
 * reused), reap it, set p->status and return true; also true once reaped. The
 * descriptors stay open until proc_stop. */
bool proc_wait(struct proc *p, int64_t deadline_ns);

#endif
