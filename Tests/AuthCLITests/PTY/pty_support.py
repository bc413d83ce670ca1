"""What the pseudo-terminal scripts share: a check that stops at the first failure, a
program started on a terminal of its own with a log of what it prints, waiting for echo
to go off where no prompt shows it, and the exit status once the program has ended."""

import io
import subprocess
import sys
import termios
import time

import pexpect

PASSPHRASE = "correct horse battery staple"
# Generous: this is a safety net against a hang, not a measurement.
TIMEOUT = 60


def check(condition, message):
    if not condition:
        print("FAIL: " + message)
        sys.exit(1)


def spawn(command, args, **options):
    """`command` on a pseudo-terminal, and the log of what it prints there."""
    log = io.StringIO()
    child = pexpect.spawn(command, args, encoding="utf-8", timeout=TIMEOUT, **options)
    child.logfile_read = log
    return child, log


def run_off_terminal(command, args, stdin=""):
    """Runs `command` off the terminal (pipes), for setup and for looking at the database."""
    return subprocess.run(
        [command] + args, input=stdin, capture_output=True, text=True, timeout=TIMEOUT)


def echo_is_on(child):
    return bool(termios.tcgetattr(child.child_fd)[3] & termios.ECHO)


def wait_for_echo_off(child, what=None):
    """Waits until the program under test has turned echo off (`what` names the prompt)."""
    for _ in range(TIMEOUT * 20):
        if not echo_is_on(child):
            return
        time.sleep(0.05)
    check(False, "echo never went off" + ("" if what is None else " at the %s prompt" % what))


def finish(child):
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus


def answer(child, *exchanges):
    """Plays the user's side of a dialogue: for each (shown, typed) pair, waits for `shown`
    and types the line `typed`; `None` types nothing (a refusal shown under a prompt)."""
    for shown, typed in exchanges:
        child.expect_exact(shown)
        if typed is not None:
            child.sendline(typed)


def check_exit(child, log, what, expected=0):
    """Waits for the end and checks the exit status; returns all the program printed."""
    status = finish(child)
    text = log.getvalue()
    check(status == expected, "%s exited %r:\n%s" % (what, status, text))
    return text


def interrupt_to_start(child, log, what):
    """Ctrl-C at the shell's hidden prompt `what` (echo already off): the shell goes back to
    its start scene, still running, and signs nobody in. Returns where the log stood."""
    child.sendintr()
    cancelled_at = len(log.getvalue())
    child.expect_exact("Choose 1-3: ")
    check(child.isalive(), "Ctrl-C at %s ended the shell:\n%s" % (what, log.getvalue()))
    check(
        "Signed in as" not in log.getvalue()[cancelled_at:],
        "Ctrl-C at %s signed in:\n%s" % (what, log.getvalue()))
    return cancelled_at
