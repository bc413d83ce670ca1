"""Asks a real interactive zsh for the completions of partial command lines.

Starts `zsh -i` on a pseudo-terminal with compinit and a completion script loaded, types
each partial line followed by Tab, and records every match the completion system adds
(a `compadd` wrapper writes them to a file before adding them as usual).

Usage: python3 zsh_completions.py SCRIPT LINE...
Prints one line per LINE: its matches, sorted, separated by spaces.
"""

import os
import sys
import tempfile

import pexpect

# Generous: this is a safety net against a hang, not a measurement.
TIMEOUT = 60

SCRIPT = sys.argv[1]
LINES = sys.argv[2:]


def main():
    with tempfile.TemporaryDirectory() as home:
        matches = os.path.join(home, "matches")
        with open(os.path.join(home, ".zshrc"), "w") as rc:
            rc.write(
                f"""
PS1='zsh> '
autoload -Uz compinit
compinit -u -D
# Record the matches of every call that adds them (not of calls that only ask with
# -O, -A or -D), then add them as usual.
compadd() {{
  if [[ -z ${{(M)@:#-[OAD]*}} ]]; then
    local -a recorded
    builtin compadd -O recorded "$@"
    (( $#recorded )) && print -rl -- $recorded >> {matches!r}
  fi
  builtin compadd "$@"
}}
source {SCRIPT!r}
"""
            )
        env = {
            "HOME": home,
            "ZDOTDIR": home,
            "TERM": "xterm",
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        }
        zsh = pexpect.spawn(
            "zsh", ["-d", "-i"], env=env, encoding="utf-8", timeout=TIMEOUT,
            dimensions=(100, 250))
        zsh.expect_exact("zsh> ")
        for number, line in enumerate(LINES, start=1):
            open(matches, "w").close()
            zsh.send(line + "\t")
            # Ctrl-U clears the line; the marker's arithmetic shows only in the output,
            # so seeing its result means the completion before it has finished.
            zsh.send("\x15print done-$((%d * 1000))\r" % number)
            zsh.expect_exact("done-%d" % (number * 1000))
            zsh.expect_exact("zsh> ")
            with open(matches) as recorded:
                found = sorted(set(recorded.read().split()))
            print(" ".join(found))
        zsh.sendline("exit")
        zsh.expect(pexpect.EOF)


main()
