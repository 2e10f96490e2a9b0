# attacker.py: a contest entry that tries every escape issue 35 names on its
# first turn, says what each gave on stderr ("attack NAME: ..."), then plays
# random legal moves (protocol/PROTOCOL.md). tests/test_contest.c puts it in
# subs/mallory/bot.py with a first line of its own, a `#!` naming a rival's
# program, and reads its log. Its argument is a file of what it may aim at:
# lines `KEY VALUE` (rival, secret, results, token, daemon).
import ctypes
import fcntl
import os
import random
import shutil
import signal
import sys

del sys.path[0]


def report(name, what):
    sys.stderr.write(f"attack {name}: {what}\n")
    sys.stderr.flush()


def attempt(name, action):
    try:
        report(name, "done " + str(action()))
    except BaseException as e:  # a denial is the expected answer
        report(name, f"blocked ({type(e).__name__}: {e})")


def read(path):
    with open(path, "rb") as f:
        return f.read(4096).decode("latin-1")


def aims():
    got = {}
    try:
        for line in read(sys.argv[1]).splitlines():
            key, _, value = line.partition(" ")
            got[key] = value
    except OSError as e:
        report("aims", f"unreadable ({e})")
    return got


def setuid_copy():
    made = []
    for folder in (os.getcwd(), os.path.dirname(os.path.abspath(__file__)), "/tmp"):
        target = os.path.join(folder, "id-copy")
        try:
            shutil.copyfile("/usr/bin/id", target)
            os.chmod(target, 0o4755)
            made.append(f"{target} uid {os.stat(target).st_uid}")
        except OSError:
            pass
    if not made:
        raise PermissionError("no folder took a setuid copy")
    return made


def memfd_hold(count, mib):
    """Fills memfds in a child (the one the kernel would kill) and says how
    many MiB it held."""
    rd, wr = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(rd)
        held, fds = 0, []
        try:
            chunk = b"\1" * (1 << 20)
            for i in range(count):
                fd = os.memfd_create(f"hold{i}")
                fds.append(fd)
                for _ in range(mib):
                    os.write(fd, chunk)
                    held += 1
                    os.write(wr, b"+")
        except OSError:
            pass
        os._exit(0)
    os.close(wr)
    held = 0
    while True:
        got = os.read(rd, 65536)
        if not got:
            break
        held += len(got)
    os.waitpid(pid, 0)
    os.close(rd)
    return f"held {held} MiB"


def unshare_user():
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(0x10000000) != 0:  # CLONE_NEWUSER
        raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))
    return "a user namespace of its own"


def daemon(tag):
    """Double fork, setsid, and a sleeper named by tag left behind."""
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            devnull = os.open("/dev/null", os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(devnull, fd)
            os.execvp("sleep", ["sleep", tag])
        os._exit(0)
    os.wait()
    return f"sleep {tag} left running"


def attack_all():
    aim = aims()
    # What it reads is echoed: a secret or a token that reaches its log is a leak.
    attempt("rival-source", lambda: read(aim["rival"]))
    attempt("rival-folder", lambda: os.listdir(os.path.dirname(aim["rival"])))
    attempt("shadow", lambda: read("/etc/shadow")[:20])
    attempt("ssl-private", lambda: os.listdir("/etc/ssl/private"))
    attempt("results", lambda: open(os.path.join(aim["results"], "games.csv"), "a").write("forged\n"))
    attempt("environment", lambda: sorted(os.environ.items()))
    attempt("setuid", setuid_copy)
    attempt("lock", lambda: fcntl.flock(open("/etc/passwd"), fcntl.LOCK_EX | fcntl.LOCK_NB) or "held")
    attempt("userns", unshare_user)
    attempt("daemon", lambda: daemon(aim["daemon"]))
    attempt("memfd", lambda: memfd_hold(10, 120))


def main():
    attacked = False
    for line in sys.stdin:
        words = line.split()
        if words[:1] == ["turn"]:
            if not attacked:
                attacked = True
                attack_all()
            legal = words[words.index("legal") + 1 :]
            print(random.choice(legal), flush=True)
        elif words[:1] == ["quit"]:
            break


signal.signal(signal.SIGPIPE, signal.SIG_DFL)
main()
