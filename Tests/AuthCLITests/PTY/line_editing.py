"""Drives the shell's line editing (libedit) through a real pseudo-terminal.

Types a name with a mistake, mends it with Left-arrow and Ctrl-A, and proves the mended name
is the one the sign-up form received; recalls earlier answers with Up-arrow; follows the window when it shrinks; Ctrl-C and Ctrl-Z while it edits; and proves no
password reaches the history: neither among the answers Up walks through nor in the file
named by --history (mode 0600).

Usage: python3 line_editing.py /path/to/authcli   (environment: a private sandbox)
Prints "PTY EDIT OK" and exits 0 when every check holds; otherwise prints what failed.
"""

import os
import re
import stat
import sys
import termios

from pty_support import PASSPHRASE, check, check_exit, finish, spawn

BINARY = sys.argv[1]
LEFT = "\x1b[D"
UP = "\x1b[A"
CTRL_A = "\x01"


home = os.environ["HOME"]
os.makedirs(home, exist_ok=True)
os.makedirs(os.environ["XDG_DATA_HOME"], exist_ok=True)
database = os.path.join(os.environ["XDG_DATA_HOME"], "editing.sqlite3")
history_file = os.path.join(home, "authcli-history")


def spawn_authcli(arguments, term="xterm", **options):
    """authcli --db DATABASE ARGUMENTS on a pseudo-terminal of its own, and what it prints."""
    # The terminal may echo the test's own non-UTF-8 line back before authcli refuses it.
    return spawn(
        BINARY, ["--db", database] + arguments, codec_errors="replace",
        env=dict(os.environ, TERM=term), **options)


def check_line_mode(child, log, after):
    """The terminal is back in the mode a shell reads in: echo and the kernel's line editing."""
    local = termios.tcgetattr(child.child_fd)[3]
    check(local & termios.ECHO and local & termios.ICANON,
          "the terminal stayed in libedit's mode after %s:\n%s" % (after, log.getvalue()))


child, log = spawn_authcli(["shell", "--history", history_file], dimensions=(24, 80))

# 1. The name typed as "ditr", mended to "editor": Left-arrow puts the "o" before the "r",
#    Ctrl-A the "e" at the start.
child.expect_exact("Choose 1-3: ")
child.sendline("Sign up")
child.expect_exact("Username: ")
child.send("ditr" + LEFT + "o" + CTRL_A + "e")
child.send("\r")
child.expect_exact("Password: ")
child.sendline(PASSPHRASE)
child.expect_exact("Repeat password: ")
child.sendline(PASSPHRASE)
child.expect_exact("Signed in as ")
child.expect_exact("Choose 1-5: ")
text = log.getvalue()
check("Signed in as editor" in text, "the mended name was not the one signed up:\n" + text)
check("^[[" not in text, "an arrow key was printed instead of obeyed:\n" + text)
child.sendline("sign out")
child.expect_exact("Signed out.")

# 2. Up-arrow walks back through the answers: "1", "sign out", then "editor". Were a
#    password in the history, it would come between "sign out" and "editor".
child.expect_exact("Choose 1-3: ")
child.sendline("1")
child.expect_exact("Username: ")
browsed_from = len(log.getvalue())
child.send(UP + UP + UP)
child.send("\r")
child.expect_exact("Password: ")
child.sendline(PASSPHRASE)
child.expect_exact("Signed in as ")
child.expect_exact("Choose 1-5: ")
text = log.getvalue()
check("Signed in as editor" in text[browsed_from:], "Up-arrow did not recall the name:\n" + text)
check("sign out" in text[browsed_from:], "Up-arrow did not show earlier answers:\n" + text)

# 2a. The window shrinks to 40 columns while the shell runs: its session table follows,
#     each session as a record of its own.
child.setwinsize(24, 40)
listed_from = len(log.getvalue())
child.sendline("1")
# The prompt is libedit's to draw, wrapped at the window's edge its own way.
child.expect_exact("Session ID to revoke")
listing = re.sub(r"\x1b\[[0-9;]*m", "", log.getvalue()[listed_from:]).replace("\r", "")
listing = listing[: listing.index("Session ID to revoke")]
check(re.search(r"^STARTED \(UTC\) +20\d\d-", listing, re.M) is not None,
      "the sessions are not records at 40 columns:\n" + listing)
check(max(len(line) for line in listing.split("\n")) <= 40, "the table overflows:\n" + listing)
child.sendline("")
child.expect_exact("Choose 1-5: ")
child.sendline("quit")
child.expect_exact("Bye.")
text = check_exit(child, log, "the shell")
check(PASSPHRASE not in text, "a password was shown:\n" + text)

# 3. The history file: the answers, no password, readable by its owner only.
check(os.path.exists(history_file), "no history file was written")
with open(history_file, encoding="utf-8", errors="replace") as saved:
    saved_text = saved.read()
check("editor" in saved_text, "the history file lacks the name:\n" + saved_text)
check("horse" not in saved_text, "the history file holds a password:\n" + saved_text)
mode = stat.S_IMODE(os.stat(history_file).st_mode)
check(mode == 0o600, "the history file has mode %o" % mode)

# 4. The history is read back by the next shell: Up at its first prompt shows "quit".
child, log = spawn_authcli(["shell", "--history", history_file])
child.expect_exact("Choose 1-5: ")
child.send(UP)
child.expect_exact("quit")
child.send("\r")
child.expect_exact("Bye.")
check_exit(child, log, "the second shell")

# 5. Ctrl-C while libedit reads a name goes back to the menu, as it does without libedit.
child, log = spawn_authcli(["shell"])
child.expect_exact("Choose 1-5: ")
# A line whose bytes are not UTF-8 is refused and asked again, as without libedit.
os.write(child.child_fd, b"\xffab\r")
child.expect_exact("not UTF-8 text")
child.expect_exact("Choose 1-5: ")
child.sendline("sign out")
child.expect_exact("Choose 1-3: ")
child.sendline("1")
child.expect_exact("Username: ")
child.sendintr()
child.expect_exact("Choose 1-3: ")
# A character of two bytes is one character to edit: one Backspace removes it.
child.send("é\x7fquit\r")
child.expect_exact("Bye.")
check_exit(child, log, "Ctrl-C at an edited line")

# 6. Ctrl-Z while libedit reads, under /bin/sh (dash resets no terminal when a job stops):
#    the shell gets its terminal back with echo and line mode, and after `fg` the line is
#    edited again.
child, log = spawn("/bin/sh", ["-i"], env=dict(os.environ, TERM="xterm", PS1="sh$ "))
child.expect_exact("sh$ ")
child.sendline('"%s" --db "%s" shell' % (BINARY, database))
child.expect_exact("Choose 1-3: ")
child.send("qu")
child.expect_exact("qu")
child.sendcontrol("z")
child.expect_exact("sh$ ")
check_line_mode(child, log, "Ctrl-Z")
child.sendline("fg")
child.send("it" + "\r")
child.expect_exact("Bye.")
child.expect_exact("sh$ ")
check_line_mode(child, log, "the shell")
child.sendline("exit")
finish(child)

# 6a. TERM=dumb: no line editing, whose cursor movements such a terminal cannot obey; the
#     terminal's own echo shows the arrow as typed, and the line is read as it came.
child, log = spawn_authcli(["shell"], term="dumb")
child.expect_exact("Choose 1-3: ")
child.send("quit" + LEFT + "\r")
child.expect_exact("Type a number from 1 to 3")
child.sendline("quit")
child.expect_exact("Bye.")
finish(child)
check("^[[D" in log.getvalue(), "libedit read the line on a dumb terminal:\n" + log.getvalue())

# 7. A history file that cannot be written is an error (74), not silence.
missing_folder = os.path.join(home, "no-such-folder", "history")
child, log = spawn_authcli(["shell", "--history", missing_folder])
child.expect_exact("Choose 1-3: ")
child.sendline("quit")
text = check_exit(child, log, "an unwritable history", expected=74)
check("Cannot write the history file" in text, "no message:\n" + text)

print("PTY EDIT OK")
