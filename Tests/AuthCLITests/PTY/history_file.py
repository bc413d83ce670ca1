"""Proves that `shell --history FILE` treats its file as every other private file of authcli.

On a real pseudo-terminal (the history is used only there), each hostile history path is
refused before the shell starts (exit 74, one line naming the reason), and what it points
to or holds is left exactly as it was: a symbolic link to a file (never written through),
a dangling link (its target never created), a file of another user, a file that group or
others may write or read, a folder that others may write or that belongs to another user.
Then a passphrase typed at the shell's Username: prompt, which matches no account, is kept
neither in the file nor among the answers Up recalls, while a name that signs in is.

Usage: python3 history_file.py /path/to/authcli   (environment: a private sandbox; as root,
the other-owner cases chown to `nobody`)
Prints "PTY HISTORY OK" and exits 0 when every check holds; otherwise prints what failed.
"""

import os
import pwd
import re
import stat
import sys

import pexpect

from pty_support import spawn

BINARY = sys.argv[1]
UP = "\x1b[A"
COOKIE = "_HiStOrY_V2_\n"
PLANTED = "planted-entry"
# A passphrase that fits the username rules, typed into the wrong field.
PASSPHRASE_AS_NAME = "correct-horse-battery-staple"
PASSPHRASE = "a long and proper pass phrase"


failures = []


def check(condition, message):
    """Records a failed check and goes on, so one run shows every case that fails."""
    if not condition:
        print("FAIL: " + message)
        failures.append(message)
    return condition


home = os.environ["HOME"]
os.makedirs(home, exist_ok=True)
os.makedirs(os.environ["XDG_DATA_HOME"], exist_ok=True)
database = os.path.join(os.environ["XDG_DATA_HOME"], "history.sqlite3")
is_root = os.geteuid() == 0
nobody = pwd.getpwnam("nobody") if is_root else None


def spawn_shell(history, db=":memory:"):
    """authcli --db DB shell --history HISTORY on a pseudo-terminal, and what it prints."""
    return spawn(
        BINARY, ["--db", db, "shell", "--history", history],
        env=dict(os.environ, TERM="xterm"), dimensions=(24, 100))


def fresh_folder(name, mode=0o700):
    folder = os.path.join(home, name)
    os.makedirs(folder)
    os.chmod(folder, mode)
    return folder


def snapshot(path):
    """What a path is now: its kind, mode, owner and bytes (None when missing)."""
    try:
        status = os.lstat(path)
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(status.st_mode):
        return ("link", os.readlink(path))
    with open(path, "rb") as opened:
        return ("file", stat.S_IMODE(status.st_mode), status.st_uid, opened.read())


def expect_refused(case, history, reason, untouched):
    """The shell refuses HISTORY with exit 74 and REASON before its menu; every path in
    UNTOUCHED is as it was. A shell that starts anyway is walked out, to see what it did."""
    before = {path: snapshot(path) for path in untouched}
    child, log = spawn_shell(history)
    started = child.expect_exact(["Choose 1-", pexpect.EOF]) == 0
    if started:
        # An unprotected shell: Up shows what it loaded, then it quits and saves.
        child.send(UP + "\r")
        child.expect_exact(["Choose 1-", "Bye."])
        child.sendline("quit")
        child.expect(pexpect.EOF)
    child.close()
    text = re.sub(r"\x1b\[[0-9;]*m", "", log.getvalue())
    checks = [(snapshot(path) == before[path], "%s changed from %r to %r"
               % (path, before[path], snapshot(path))) for path in untouched]
    checks += [
        (PLANTED not in text, "a planted entry was recalled"),
        (not started, "the shell started with the history file"),
        (child.exitstatus == 74, "exit %r, not 74" % child.exitstatus),
        (reason in text, "the reason (%s) is not said" % reason),
        ("Traceback" not in text and text.count("Error: ") == 1, "not one line of error"),
    ]
    # The first failure of a case alone, with what the shell printed.
    for condition, message in checks:
        if not check(condition, "%s: %s:\n%s" % (case, message, text)):
            return


def planted_history(path, mode=0o600, owner=None):
    with open(path, "w", encoding="utf-8") as planted:
        planted.write(COOKIE + PLANTED + "\n")
    os.chmod(path, mode)
    if owner is not None:
        os.chown(path, owner.pw_uid, owner.pw_gid)


# 1. A symbolic link at the history path, to a file of the user's: refused; the file it
#    points to keeps its bytes and its mode.
folder = fresh_folder("link")
precious = os.path.join(folder, "precious.conf")
with open(precious, "w", encoding="utf-8") as target:
    target.write("setting = keep me\n")
os.chmod(precious, 0o644)
linked = os.path.join(folder, "authcli.history")
os.symlink("precious.conf", linked)
expect_refused("a link to a file", linked, "it is a symbolic link", [precious, linked])

# 2. A dangling link: refused, and its target never appears.
folder = fresh_folder("dangling")
dangling = os.path.join(folder, "authcli.history")
os.symlink(os.path.join(folder, "created-through-the-link"), dangling)
expect_refused("a dangling link", dangling, "it is a symbolic link",
               [dangling, os.path.join(folder, "created-through-the-link")])

# 3. A file of another user (planted, 0600): refused, neither loaded nor rewritten.
if is_root:
    folder = fresh_folder("other-owner")
    foreign = os.path.join(folder, "authcli.history")
    planted_history(foreign, owner=nobody)
    expect_refused("another user's file", foreign, "it belongs to another user", [foreign])
else:
    print("note: not root, so the other-owner cases were not run")

# 4. A file that group or others may write, or read: refused, mode and bytes kept.
for mode, reason in [(0o666, "other users can read it"), (0o620, "other users can write"),
                     (0o602, "other users can write"), (0o644, "other users can read it")]:
    folder = fresh_folder("mode-%o" % mode)
    exposed = os.path.join(folder, "authcli.history")
    planted_history(exposed, mode=mode)
    expect_refused("a file of mode %o" % mode, exposed, reason, [exposed])

# 5. A folder others may write to, with and without a history file in it; and a folder of
#    another user holding another user's 0666 file.
folder = fresh_folder("open-folder", 0o777)
in_open_folder = os.path.join(folder, "authcli.history")
planted_history(in_open_folder)
expect_refused("a file in a 0777 folder", in_open_folder, "other users can write to it",
               [in_open_folder])
folder = fresh_folder("open-empty-folder", 0o777)
missing = os.path.join(folder, "authcli.history")
expect_refused("a new file in a 0777 folder", missing, "other users can write to it", [missing])
folder = fresh_folder("group-folder", 0o770)
missing = os.path.join(folder, "authcli.history")
expect_refused("a new file in a 0770 folder", missing, "other users can write to it", [missing])
if is_root:
    folder = fresh_folder("foreign-folder", 0o777)
    os.chown(folder, nobody.pw_uid, nobody.pw_gid)
    foreign = os.path.join(folder, "authcli.history")
    planted_history(foreign, mode=0o666, owner=nobody)
    expect_refused("another user's 0666 file in their 0777 folder", foreign,
                   "belongs to another user", [foreign])

# 6. A passphrase typed at Username: matches no account: it is not recalled by Up, nor
#    kept in the file; the name that then signs up is kept.
folder = fresh_folder("private")
history = os.path.join(folder, "authcli.history")
child, log = spawn_shell(history, db=database)
child.expect_exact("Choose 1-3: ")
child.sendline("1")
child.expect_exact("Username: ")
child.sendline(PASSPHRASE_AS_NAME)
child.expect_exact("Password: ")
child.sendline(PASSPHRASE)
child.expect_exact("Username: ")
child.sendintr()
child.expect_exact("Choose 1-3: ")
child.sendline("Sign up")
child.expect_exact("Username: ")
recalled_from = len(log.getvalue())
# Up twice: "Sign up", then what came before it ("1"), never the passphrase.
child.send(UP + UP)
child.expect_exact("1")
child.send("\x15")  # Ctrl-U: the recalled line is dropped.
child.sendline("historian")
child.expect_exact("Password: ")
child.sendline(PASSPHRASE)
child.expect_exact("Repeat password: ")
child.sendline(PASSPHRASE)
child.expect_exact("Choose 1-5: ")
child.sendline("quit")
child.expect_exact("Bye.")
child.expect(pexpect.EOF)
child.close()
text = log.getvalue()
check(child.exitstatus == 0, "the shell exited %r:\n%s" % (child.exitstatus, text))
check(PASSPHRASE_AS_NAME not in text[recalled_from:],
      "Up recalled the passphrase typed as a name:\n" + text)
with open(history, encoding="utf-8", errors="replace") as saved:
    saved_text = saved.read()
check(saved_text.startswith(COOKIE), "the history file is not libedit's:\n" + saved_text)
check("correct" not in saved_text and "horse" not in saved_text,
      "the history file keeps the passphrase typed as a name:\n" + saved_text)
check("historian" in saved_text, "the history file lacks the name that signed up:\n"
      + saved_text)
mode = stat.S_IMODE(os.lstat(history).st_mode)
check(mode == 0o600, "the history file has mode %o" % mode)

# 7. The file written in 6 is read back by the next shell: Up at its first prompt shows
#    "quit"; and a link planted while a shell runs is refused at the save, never written
#    through.
child, log = spawn_shell(history, db=database)
child.expect_exact("Choose 1-5: ")  # Still signed in as historian.
child.send(UP)
child.expect_exact("quit")
os.unlink(history)
os.symlink(precious, history)
child.send("\r")
child.expect(pexpect.EOF)
child.close()
check(snapshot(precious) == ("file", 0o644, os.getuid(), b"setting = keep me\n"),
      "a link planted during the shell was written through: %r" % (snapshot(precious),))
check(child.exitstatus == 74, "a link planted during the shell: exit %r:\n%s"
      % (child.exitstatus, log.getvalue()))
check("it is a symbolic link" in log.getvalue(), "no reason given:\n" + log.getvalue())

if failures:
    sys.exit(1)
print("PTY HISTORY OK")
