"""Drives "a new password at next sign-in" through a real pseudo-terminal.

Proves that `signin` on a terminal, for an account an operator asked for a new password,
asks for it after the password, twice, with echo off, refuses the password it replaces at
once and asks again, and then signs in; and that the shell leads from the password to its
own new-password step (echo off), where Ctrl-C goes back to the start scene without a
session and without ending the shell, and that a new password there signs in.

Usage: python3 new_password_session.py /path/to/authcli   (environment: a private sandbox)
Prints "PTY NEW PASSWORD OK" and exits 0 when every check holds; otherwise prints what failed.
"""

import json
import sys

from pty_support import (
    PASSPHRASE, answer, check, check_exit, interrupt_to_start, wait_for_echo_off)
import pty_support

BINARY = sys.argv[1]
FIRST_NEW = "quiet orchard lantern ferry"
SECOND_NEW = "seven copper kites over marsh"


def spawn(args):
    return pty_support.spawn(BINARY, args)


def authcli(args, stdin=""):
    return pty_support.run_off_terminal(BINARY, args, stdin)


def shown(username):
    result = authcli(["users", "show", username, "--json"])
    check(result.returncode == 0, "users show failed: " + result.stderr)
    return json.loads(result.stdout)


def send_hidden(child, value, what):
    """Types `value` at a prompt that must hide it."""
    wait_for_echo_off(child, what)
    child.sendline(value)


signed_up = authcli(["signup", "--username", "ptynew", "--password-stdin"], PASSPHRASE + "\n")
check(signed_up.returncode == 0, "signup failed: " + signed_up.stderr)
check(authcli(["signout"]).returncode == 0, "signout failed")
required = authcli(["users", "require-new-password", "ptynew"])
check(required.returncode == 0, "require-new-password failed: " + required.stderr)
check(shown("ptynew")["password_change_required"] is True, "the demand was not kept")

# 1. `signin` on a terminal: the password, then the new one twice, each with echo off; the
#    password it replaces is refused at once and asked again.
child, log = spawn(["signin", "--username", "ptynew"])
child.expect_exact("Password: ")
send_hidden(child, PASSPHRASE, "signin's password")
child.expect_exact("ptynew must choose a new password before signing in.")
child.expect_exact("New password: ")
send_hidden(child, PASSPHRASE, "the old password as the new one")
child.expect_exact("Choose a password other than the one you have now")
child.expect_exact("New password: ")
send_hidden(child, FIRST_NEW, "the new password")
child.expect_exact("Repeat new password: ")
send_hidden(child, FIRST_NEW, "the new password again")
child.expect_exact("Signed in as ptynew")
text = check_exit(child, log, "signin")
for secret in (PASSPHRASE, FIRST_NEW):
    check(secret not in text, "signin echoed a password:\n" + text)
check(shown("ptynew")["password_change_required"] is False, "the demand was not cleared")
check(authcli(["whoami"]).returncode == 0, "signin kept no session")
check(authcli(["signout"]).returncode == 0, "signout failed")

# 2. The shell: the right password leads to the new-password step (echo off); Ctrl-C there
#    goes back to the start with no session; then a new password signs in.
check(authcli(["users", "require-new-password", "ptynew"]).returncode == 0, "asking again failed")
child, log = spawn(["shell"])
answer(child, ("Choose 1-3: ", "Sign in"), ("Username: ", "ptynew"), ("Password: ", None))
send_hidden(child, FIRST_NEW, "shell's password")
child.expect_exact("ptynew must choose a new password before signing in (Ctrl-C goes back)")
child.expect_exact("New password: ")
wait_for_echo_off(child, "shell's new password")
interrupt_to_start(child, log, "the new password")
check(shown("ptynew")["password_change_required"] is True, "Ctrl-C cleared the demand")
child.sendline("Sign in")
answer(child, ("Username: ", "ptynew"), ("Password: ", None))
send_hidden(child, FIRST_NEW, "shell's password again")
child.expect_exact("New password: ")
send_hidden(child, SECOND_NEW, "shell's new password")
child.expect_exact("Repeat new password: ")
send_hidden(child, SECOND_NEW, "shell's new password again")
child.expect_exact("Signed in as ptynew")
child.expect_exact("Choose 1-5: ")
child.sendline("quit")
child.expect_exact("Bye.")
text = check_exit(child, log, "the shell")
for secret in (FIRST_NEW, SECOND_NEW):
    check(secret not in text, "the shell echoed a password:\n" + text)
check(shown("ptynew")["password_change_required"] is False, "the shell did not clear the demand")
check(
    authcli(["verify", "--username", "ptynew", "--password-stdin"], SECOND_NEW + "\n").returncode
    == 0, "the shell's new password does not verify")

print("PTY NEW PASSWORD OK")
