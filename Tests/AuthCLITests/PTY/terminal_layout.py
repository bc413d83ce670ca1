"""Drives authcli through real pseudo-terminals of given sizes and terminal types.

Proves that on a terminal a single command re-asks a refused field at once (an empty or
invalid name before any password, a weak password, a confirmation that does not match), as
the shell does (passwd, users add and users reset-password likewise); that help and tables fit a 40-column window and use a 120-column one (the
window's own size, no COLUMNS); that at 80 columns users list, sessions list and audit
print one line a record; and that TERM=dumb gets no colour where xterm gets it.

Usage: python3 terminal_layout.py /path/to/authcli   (environment: a private sandbox)
Prints "PTY LAYOUT OK" and exits 0 when every check holds; otherwise prints what failed.
"""

import json
import os
import re
import sys

from pty_support import PASSPHRASE, answer, check, check_exit, finish
import pty_support

BINARY = sys.argv[1]


def spawn(args, columns=80, term="xterm"):
    environment = dict(os.environ, TERM=term)
    environment.pop("COLUMNS", None)
    return pty_support.spawn(BINARY, args, env=environment, dimensions=(24, columns))


def run(args, columns=80, term="xterm"):
    child, log = spawn(args, columns, term)
    status = finish(child)
    return status, log.getvalue()


def widest(text):
    """The longest line as shown: colour codes take no column."""
    shown = re.sub(r"\x1b\[[0-9;]*m", "", text.replace("\r", ""))
    return max(len(line) for line in shown.split("\n"))


# 1. signup on a terminal: an empty name, then one too short, are refused under the prompt
#    and the name is asked again before any password; a password that is too short is asked
#    again; a confirmation that does not match goes back to the password.
child, log = spawn(["signup"])
REFUSED = ("  ! ", None)
answer(child, ("Username: ", ""), REFUSED, ("Username: ", "ab"), REFUSED)
child.expect_exact("Username: ")
before_password = log.getvalue()
check("Password" not in before_password, "a password was asked before the name passed:\n"
      + before_password)
child.sendline("layout")
answer(
    child, ("Password: ", "short"), REFUSED, ("Password: ", PASSPHRASE),
    ("Repeat password: ", PASSPHRASE + "!"), REFUSED, ("Password: ", PASSPHRASE),
    ("Repeat password: ", PASSPHRASE), ("Created account layout and signed in.", None))
text = check_exit(child, log, "signup")
check(PASSPHRASE not in text, "a password was echoed:\n" + text)

# 2. signin on a terminal: an empty name is refused and asked again; `quit` is a name here
#    (it names no account), not a way out of the command.
child, log = spawn(["signin"])
answer(
    child, ("Username: ", ""), REFUSED, ("Username: ", "layout"), ("Password: ", PASSPHRASE),
    ("Signed in as layout.", None))
check_exit(child, log, "signin")

# 2a. passwd on a terminal: an empty current password and a new one too short are each
#     asked again at once.
NEW_PASSPHRASE = "plum tractor dawn whistle"
NEW_TWICE = (("New password: ", NEW_PASSPHRASE), ("Repeat new password: ", NEW_PASSPHRASE))
child, log = spawn(["passwd"])
answer(
    child, ("Current password: ", ""), REFUSED, ("Current password: ", PASSPHRASE),
    ("New password: ", "short"), REFUSED, *NEW_TWICE,
    ("Password changed; 0 other sessions ended.", None))
text = check_exit(child, log, "passwd")
check(NEW_PASSPHRASE not in text, "a password was echoed:\n" + text)

# 2b. users add and users reset-password, the operator's prompts: a taken name is asked
#     again, a password with the account's name in it is refused in the operator's words
#     and asked again, and a confirmation that does not match goes back to the password.
child, log = spawn(["users", "add"])
answer(
    child, ("Username: ", "layout"), ("Password: ", PASSPHRASE),
    ("Repeat password: ", PASSPHRASE), REFUSED, ("Username: ", "operated"),
    ("Created account operated (not signed in).", None))
check_exit(child, log, "users add")
child, log = spawn(["users", "reset-password", "operated"])
answer(
    child, ("New password: ", "operated horse battery"),
    ("Repeat new password: ", "operated horse battery"),
    ("  ! Don't include the account's username", None), ("New password: ", NEW_PASSPHRASE),
    ("Repeat new password: ", NEW_PASSPHRASE + "!"), REFUSED, *NEW_TWICE,
    ("Password of operated reset", None))
text = check_exit(child, log, "users reset-password")
check(NEW_PASSPHRASE not in text, "a password was echoed:\n" + text)

# 3. Ctrl-C at a re-asked name still ends the command with 130.
child, log = spawn(["signin"])
answer(child, ("Username: ", ""), ("Username: ", None))
child.sendintr()
check_exit(child, log, "Ctrl-C at signin's name", expected=130)

# 4. Widths from the window: help and the tables fit 40 columns, and help uses 120.
status, text = run(["--help"], columns=40)
check(status == 0 and widest(text) <= 40, "help overflows 40 columns:\n" + text)
status, text = run(["--help"], columns=120)
check(80 < widest(text) <= 120, "help does not use 120 columns:\n" + text)
# A header, then the two accounts (layout, operated) and layout's one session.
for command, lines in ((["users", "list"], 3), (["sessions", "list"], 2)):
    status, text = run(command, columns=40)
    check(status == 0, "%s exited %r:\n%s" % (command, status, text))
    check(widest(text) <= 40, "%s overflows 40 columns:\n%s" % (command, text))
    status, text = run(command, columns=120)
    rows = [line for line in text.replace("\r", "").split("\n") if line]
    check(len(rows) == lines, "%s is not one line a row at 120 columns:\n%s" % (command, text))

# 4a. At 80 columns, the usual window, each record of users list, sessions list and audit
#     is one line: the zone is said once in the header, never left alone on a line.
for command in (["users", "list"], ["sessions", "list"], ["audit"]):
    status, listed = run(["--json"] + command, columns=80)
    check(status == 0, "%s --json exited %r:\n%s" % (command, status, listed))
    records = len(json.loads(listed.replace("\r", "")))
    status, text = run(command, columns=80)
    check(status == 0, "%s exited %r:\n%s" % (command, status, text))
    rows = [line for line in text.replace("\r", "").split("\n") if line]
    check(records > 0 and len(rows) == 1 + records,
          "%s is not one line a record at 80 columns:\n%s" % (command, text))
    check(widest(text) <= 80, "%s overflows 80 columns:\n%s" % (command, text))
    check("(UTC)" in rows[0] and all("UTC" not in row for row in rows[1:]),
          "%s does not name the zone once, in its header:\n%s" % (command, text))

# 5. Colour: xterm gets the bold header, dumb gets none (nor does NO_COLOR, as before).
status, text = run(["users", "list"], term="xterm")
check("\x1b[" in text, "no colour on xterm:\n" + repr(text))
status, text = run(["users", "list"], term="dumb")
check(status == 0 and "\x1b" not in text, "colour on a dumb terminal:\n" + repr(text))
status, text = run(["signin", "--username", "nobody-here", "--no-input"], term="dumb")
check("Error:" in text and "\x1b" not in text, "a coloured error on dumb:\n" + repr(text))

print("PTY LAYOUT OK")
