"""Drives the second factor through a real pseudo-terminal.

Proves that `2fa enable` on a terminal draws the QR code in half blocks and asks for the
first code at once (echo off) to turn the factor on; that the shell's second step has its
own prompt with echo off, that Ctrl-C there goes back to the start scene without a
session and without ending the shell, and that a correct code then signs in; and that
`signin` on a terminal asks for the password and then the code, both with echo off.
Codes come from pyotp, from the secret printed at enrolment.

Usage: python3 second_factor_session.py /path/to/authcli   (environment: a private sandbox)
Prints "PTY 2FA OK" and exits 0 when every check holds; otherwise prints what failed.
"""

import json
import re
import sys
import time

import pyotp

from pty_support import (
    PASSPHRASE, answer, check, check_exit, interrupt_to_start, wait_for_echo_off)
import pty_support

BINARY = sys.argv[1]
HALF_BLOCKS = ("\u2580", "\u2584")


def spawn(args):
    return pty_support.spawn(BINARY, args)


def authcli(args, stdin=""):
    return pty_support.run_off_terminal(BINARY, args, stdin)


def code(secret, steps_ahead):
    """The code pyotp computes for `secret` `steps_ahead` periods from now."""
    return pyotp.TOTP(secret).at(time.time() + 30 * steps_ahead)


def active_sessions(username):
    listed = authcli(["users", "list", "--json"])
    check(listed.returncode == 0, "users list failed: " + listed.stderr)
    for user in json.loads(listed.stdout):
        if user.get("username") == username:
            return user.get("active_sessions")
    check(False, "users list has no %s: %s" % (username, listed.stdout))


def send_hidden(child, log, value, what):
    """Types `value` at a prompt that must hide it, and returns where the log stood."""
    wait_for_echo_off(child, what)
    start = len(log.getvalue())
    child.sendline(value)
    return start


def pass_both_steps(child, log, code_prompt, one_time_code, who, username):
    """Types the password, then `one_time_code` at `code_prompt`, each at a prompt that must
    hide it, and waits for the sign-in; returns where the log stood before the code."""
    child.expect_exact("Password: ")
    send_hidden(child, log, PASSPHRASE, who + "'s password")
    child.expect_exact(code_prompt)
    typed_at = send_hidden(child, log, one_time_code, who + "'s code")
    child.expect_exact("Signed in as " + username)
    return typed_at


# 1. `2fa enable` on a terminal: the secret, the QR code in half blocks, then the first
#    code asked for at once with echo off; a correct one turns the factor on.
signed_up = authcli(["signup", "--username", "ptyotp", "--password-stdin"], PASSPHRASE + "\n")
check(signed_up.returncode == 0, "signup failed: " + signed_up.stderr)
child, log = spawn(["2fa", "enable"])
child.expect(r"Secret \(base32\): ([A-Z2-7]+)\r?\n")
secret = child.match.group(1)
child.expect_exact("Code from your app: ")
drawn = log.getvalue()
qr_lines = [line for line in drawn.splitlines() if any(block in line for block in HALF_BLOCKS)]
check(len(qr_lines) >= 10, "no QR code in half blocks:\n" + drawn)
check("authcli 2fa confirm" in drawn, "no word on confirming:\n" + drawn)
first = code(secret, 0)
typed_at = send_hidden(child, log, first, "enable's code")
child.expect_exact("Recovery codes (each works once")
check(first not in log.getvalue()[typed_at:], "enable echoed the code:\n" + log.getvalue())
check_exit(child, log, "2fa enable")
shown = authcli(["2fa", "status"])
check("Second factor:  on" in shown.stdout, "enable did not confirm: " + shown.stdout)
check(authcli(["signout"]).returncode == 0, "signout failed")
check(active_sessions("ptyotp") == 0, "a session was left after sign-out")

# 2. The shell: after the right password the second step shows its own prompt (echo off);
#    Ctrl-C there goes back to the start scene, with no session and the shell still
#    running; then the right code signs in.
child, log = spawn(["shell"])
answer(child, ("Choose 1-3: ", "Sign in"), ("Username: ", "ptyotp"), ("Password: ", None))
send_hidden(child, log, PASSPHRASE, "shell's password")
child.expect_exact("from your authenticator app, or a recovery code (Ctrl-C goes back)")
child.expect_exact("Code: ")
wait_for_echo_off(child, "shell's code")
cancelled_at = interrupt_to_start(child, log, "the code prompt")
check(active_sessions("ptyotp") == 0, "Ctrl-C at the code prompt left a session")
child.sendline("Sign in")
child.expect_exact("Username: ")
check("Sign in" in log.getvalue()[cancelled_at:], "echo was not restored after Ctrl-C")
child.sendline("ptyotp")
# The next period's code: the current one confirmed the factor and cannot be used again.
shell_code = code(secret, 1)
typed_at = pass_both_steps(child, log, "Code: ", shell_code, "shell", "ptyotp")
check(
    shell_code not in log.getvalue()[typed_at:], "the shell echoed the code:\n" + log.getvalue())
child.expect_exact("Choose 1-5: ")
check(active_sessions("ptyotp") == 1, "the shell's sign-in made no session")
child.sendline("quit")
child.expect_exact("Bye.")
text = check_exit(child, log, "the shell")
check(PASSPHRASE not in text, "the shell echoed a password:\n" + text)

# 3. `signin` on a terminal: the password, then the code, both with echo off. Another
#    account, so that its code is one no sign-in has used yet.
signed_up = authcli(["signup", "--username", "ptyotp2", "--password-stdin"], PASSPHRASE + "\n")
check(signed_up.returncode == 0, "signup failed: " + signed_up.stderr)
enrolled = authcli(["2fa", "enable", "--json"])
check(enrolled.returncode == 0, "2fa enable --json failed: " + enrolled.stderr)
second_secret = json.loads(enrolled.stdout)["secret"]
confirmed = authcli(["2fa", "confirm", "--code-stdin"], code(second_secret, 0) + "\n")
check(confirmed.returncode == 0, "2fa confirm failed: " + confirmed.stderr)
check(authcli(["signout"]).returncode == 0, "signout failed")

child, log = spawn(["signin", "--username", "ptyotp2"])
signin_code = code(second_secret, 1)
typed_at = pass_both_steps(
    child, log, "Code from your authenticator app (or a recovery code): ", signin_code,
    "signin", "ptyotp2")
text = check_exit(child, log, "signin")
check(PASSPHRASE not in text, "signin echoed the password:\n" + text)
check(signin_code not in text[typed_at:], "signin echoed the code:\n" + text)
check(authcli(["whoami"]).returncode == 0, "signin kept no session")

print("PTY 2FA OK")
