"""Drives authcli through a real pseudo-terminal.

Proves that passwords typed at the hidden prompts are not echoed, that Ctrl-C or SIGTERM
at a hidden prompt leaves the terminal with echo on, and walks the shell through sign-up,
the account menu, sessions, sign-out, a cancelled sign-in and quit; then adds an account
and answers the delete confirmation both ways.

Usage: python3 terminal_session.py /path/to/authcli   (environment: a private sandbox)
Prints "PTY OK" and exits 0 when every check holds; otherwise prints what failed.
"""

import os
import re
import signal
import sys

from pty_support import (
    PASSPHRASE, answer, check, check_exit, echo_is_on, finish, spawn, wait_for_echo_off)

BINARY = sys.argv[1]
PASSWORD_TWICE = (("Password: ", PASSPHRASE), ("Repeat password: ", PASSPHRASE))


def echo_restored(text):
    """Whether `stty -a` in `text` shows echo on (`echo`, not `-echo`)."""
    return re.search(r"(?<![-\w])echo(?![\w])", text) is not None


def interrupt_signin(flags, what, at_prompt):
    """Ctrl-C at signin's hidden password, seen by its prompt or, with none, by echo going
    off: the command must end with 130 and leave the terminal with echo on."""
    script = 'trap : INT; "$0" signin --username ptyuser%s; echo "status=$?"; stty -a' % flags
    child, log = spawn("/bin/sh", ["-c", script, BINARY])
    if at_prompt:
        child.expect_exact("Password: ")
    else:
        wait_for_echo_off(child)
    child.sendintr()
    finish(child)
    text = log.getvalue()
    check("status=130" in text, "Ctrl-C did not end %s with 130:\n%s" % (what, text))
    check(echo_restored(text), "echo stayed off:\n" + text)


# 1. A scripted sign-up on a terminal prompts for the username (echoed) and the
#    password twice (not echoed).
child, log = spawn(BINARY, ["signup"])
answer(child, ("Username: ", "ptyuser"), *PASSWORD_TWICE)
text = check_exit(child, log, "signup")
check("ptyuser" in text, "the username was not echoed")
check(PASSPHRASE not in text, "the password was echoed:\n" + text)
check("Created account ptyuser" in text, "no confirmation:\n" + text)


# 2. Ctrl-C at the hidden password prompt: exit 130, and the terminal has echo again.
interrupt_signin("", "signin", at_prompt=True)

# 2a. The same with --password-stdin on a terminal: no prompt is shown, but echo is off
#     while the line is read, and Ctrl-C must still end with 130 and echo on.
interrupt_signin(" --password-stdin", "signin --password-stdin", at_prompt=False)

# 2b. SIGTERM at the hidden prompt: the process dies of the signal, the terminal has echo.
script = '"$0" signin --username ptyuser; echo "status=$?"; stty -a'
child, log = spawn("/bin/sh", ["-c", script, BINARY])
child.expect_exact("Password: ")
children_file = "/proc/%d/task/%d/children" % (child.pid, child.pid)
if os.path.exists(children_file):
    with open(children_file) as listing:
        authcli_pid = int(listing.read().split()[0])
    os.kill(authcli_pid, signal.SIGTERM)
    finish(child)
    text = log.getvalue()
    check("status=143" in text, "SIGTERM did not end signin:\n" + text)
    check(echo_restored(text), "echo stayed off:\n" + text)
else:
    child.sendline(PASSPHRASE)
    finish(child)

# 2c. Ctrl-Z at the hidden prompt under an interactive /bin/sh (dash does not reset the
#     terminal when a job stops): the shell gets its echo back, and after `fg` the
#     password is hidden again and the sign-in completes.
child, log = spawn("/bin/sh", ["-i"], env=dict(os.environ, PS1="sh$ "))
child.expect_exact("sh$ ")
child.sendline('"%s" signin --username ptyuser' % BINARY)
child.expect_exact("Password: ")
wait_for_echo_off(child)
child.sendcontrol("z")
child.expect_exact("sh$ ")
check(echo_is_on(child), "echo stayed off after Ctrl-Z:\n" + log.getvalue())
child.sendline("fg")
wait_for_echo_off(child)
child.sendline(PASSPHRASE)
child.expect_exact("Signed in as ptyuser")
child.expect_exact("sh$ ")
check(echo_is_on(child), "echo stayed off after the sign-in:\n" + log.getvalue())
check(PASSPHRASE not in log.getvalue(), "the password was echoed after fg:\n" + log.getvalue())
child.sendline("exit")
finish(child)

# 3. The shell: sign up, account, sessions, sign out, a sign-in cancelled at the
#    password prompt, and quit.
# A database of its own, so the shell starts signed out.
shell_database = os.path.join(os.environ["XDG_DATA_HOME"], "shell.sqlite3")
child, log = spawn(BINARY, ["--db", shell_database, "shell"])
answer(child, ("Choose 1-3: ", "Sign up"), ("Username: ", "ptyshell"), *PASSWORD_TWICE)
child.expect_exact("Creating account")
child.expect_exact("Signed in as ptyshell")
child.expect_exact("Choose 1-5: ")
child.sendline("1")
child.expect_exact("Session ID to revoke, or Enter to go back: ")
child.sendline("")
child.expect_exact("Choose 1-5: ")
child.sendline("sign out")
child.expect_exact("Signed out.")
child.expect_exact("Choose 1-3: ")
child.sendline("1")
child.expect_exact("Username: ")
child.sendline("ptyshell")
child.expect_exact("Password: ")
child.sendintr()
child.expect_exact("Choose 1-3: ")
cancelled_at = len(log.getvalue())
child.sendline("quit")
child.expect_exact("Bye.")
text = check_exit(child, log, "the shell")
check(PASSPHRASE not in text, "the shell echoed a password:\n" + text)
check("quit" in text[cancelled_at:], "echo was not restored after Ctrl-C:\n" + text)

# 4. Administration on a terminal: `users add` prompts for the password twice (hidden),
#    `users delete` asks before deleting; anything but yes keeps the account.
child, log = spawn(BINARY, ["users", "add", "--username", "ptyadmin"])
answer(child, *PASSWORD_TWICE, ("Created account ptyadmin (not signed in).", None))
text = check_exit(child, log, "users add")
check(PASSPHRASE not in text, "users add echoed the password:\n" + text)

child, log = spawn(BINARY, ["users", "delete", "ptyadmin"])
child.expect_exact("Delete account ptyadmin and end its 0 session(s)? [y/N] ")
child.sendline("n")
text = check_exit(child, log, "a declined delete", expected=64)
check("Not confirmed; nothing was changed." in text, "no refusal:\n" + text)

child, log = spawn(BINARY, ["users", "delete", "ptyadmin"])
child.expect_exact("[y/N] ")
child.sendline("yes")
child.expect_exact("Deleted account ptyadmin; 0 sessions ended.")
check_exit(child, log, "a confirmed delete")

print("PTY OK")
