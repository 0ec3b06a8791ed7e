#!/bin/sh
# The shell hook client `hookstream install` writes into an agent's hook settings (lib/cli/installEntries.ts):
#   /bin/sh hook.sh <node> <agent> <event> --installed-by-hookstream
# run by the installed command when it does not start hook.pl itself (no perl, or a PERL5 variable set).
# It posts the agent's stdin, the event and the agent's project variables to the session daemon's HTTP socket
# with curl and prints the answer the daemon composed in the agent's own protocol. A POSIX shell and curl start
# in a few milliseconds where Node takes 40 to 150, and the installed entry runs once per tool call.
#
# Anything this script cannot do quickly and surely is left to the Node client beside it (client.js), which
# does the same job with the full checks and starts the daemon: no curl, no socket yet, nobody listening on the
# socket (the daemon stopped or died: the payload was not delivered, so nothing ran twice), or a runtime
# directory that is not plainly this user's with mode 0700. Any other failure denies the event, saying why,
# exactly as the Node client does: never a silent allow.

node=$1
agent=$2
event=$3

case $0 in */*) here=${0%/*} ;; *) here=. ;; esac

# perl starts in about a millisecond, curl in five to twenty: hook.pl does this script's job in one process. Not
# when a PERL5 variable is set: it could load code of its own into perl (`-f` keeps sitecustomize.pl out, `-C0`
# keeps PERL_UNICODE from re-encoding the payload). The installed command makes this same test before it starts
# this script (installedCommand in lib/cli/installEntries.ts); it is kept here for entries installed before that,
# which name this script alone.
if [ -z "${PERL5OPT:-}${PERL5LIB:-}${PERLLIB:-}" ] && command -v perl >/dev/null 2>&1; then
  exec perl -f -C0 -- "$here/hook.pl" "$@"
fi

node_client() {
  exec "$node" "$here/client.js" "$agent" "$event"
}

deny() {
  printf 'hookstream (%s): %s; the event is denied because hookstream could not decide\n' "$agent" "$1" >&2
  if [ "${HOOKSTREAM_ON_FAILURE:-}" = warn ]; then exit 1; fi
  exit 2
}

# The daemon's directory, chosen as lib/core/runtimeDir.ts chooses it.
if [ -n "${HOOKSTREAM_RUNTIME_DIR:-}" ]; then
  dir=$HOOKSTREAM_RUNTIME_DIR
elif [ -n "${XDG_RUNTIME_DIR:-}" ]; then
  dir=$XDG_RUNTIME_DIR/hookstream
elif [ -n "${HOME:-}" ]; then
  dir=$HOME/.hookstream/run
else
  node_client
fi
socket=$dir/daemon-http.sock

if [ ! -S "$socket" ] || ! command -v curl >/dev/null 2>&1; then node_client; fi
# Ours (-O), a real directory, and closed to everyone else: `ls -ld` shows a link as `l…`, an ACL as a `+`.
listing=$(ls -ldn -- "$dir" 2>/dev/null)
case $listing in
"drwx------ "* | "drwx------. "*) ;;
*) node_client ;;
esac
if [ ! -O "$dir" ]; then node_client; fi

# Kept whole, so that the Node client can have it when nobody answers on the socket. A terminal sends nothing.
payload=
if [ ! -t 0 ]; then payload=$(cat); fi

timeout_ms=${HOOKSTREAM_CLIENT_TIMEOUT_MS:-55000}
case $timeout_ms in '' | *[!0-9]* | 0) timeout_ms=55000 ;; esac
millis=$((timeout_ms % 1000))
case $millis in ?) millis=00$millis ;; ??) millis=0$millis ;; esac

cwd=$(pwd -P) || deny "cannot read the working directory"

# One field per project variable the agent set; the daemon reads the project from the first one. `-q` first:
# the user's .curlrc must not change what is sent or printed (`--include` would hide the exit code).
reply=$(printf '%s' "$payload" | curl -q --silent --max-time "$((timeout_ms / 1000)).$millis" \
  --unix-socket "$socket" -H 'Expect:' \
  --data-urlencode "agent=$agent" --data-urlencode "event=$event" --data-urlencode "cwd=$cwd" \
  ${CLAUDE_PROJECT_DIR+--data-urlencode} ${CLAUDE_PROJECT_DIR+"env.CLAUDE_PROJECT_DIR=$CLAUDE_PROJECT_DIR"} \
  ${GEMINI_PROJECT_DIR+--data-urlencode} ${GEMINI_PROJECT_DIR+"env.GEMINI_PROJECT_DIR=$GEMINI_PROJECT_DIR"} \
  ${CURSOR_PROJECT_DIR+--data-urlencode} ${CURSOR_PROJECT_DIR+"env.CURSOR_PROJECT_DIR=$CURSOR_PROJECT_DIR"} \
  --data-urlencode stdin@- http://hookstream/hook)
status=$?
case $status in
0) ;;
7)
  printf '%s' "$payload" | node_client
  exit $?
  ;;
55 | 56)
  # Sending failed, or the connection was reset before any answer: a unix socket resets only when its peer left
  # data unread, and the daemon reads a request whole before deciding, so it never decided this one (a daemon
  # killed a moment ago accepts that way). A daemon that read it and went answers nothing (52): that denies.
  if [ -z "$reply" ]; then
    printf '%s' "$payload" | node_client
    exit $?
  fi
  deny "curl could not reach the daemon on $socket (curl exit status $status)"
  ;;
28) deny "the daemon did not answer within $timeout_ms ms" ;;
*) deny "curl could not reach the daemon on $socket (curl exit status $status)" ;;
esac

# The answer: <exit code> RS <stdout> RS <stderr> RS, RS being the control character 0x1e, which the daemon's
# JSON stdout cannot hold; stderr is the rest.
rs=$(printf '\036')
case $reply in *"$rs"*"$rs"*"$rs") ;; *) deny "the daemon's answer was cut short" ;; esac
code=${reply%%"$rs"*}
rest=${reply#*"$rs"}
stdout=${rest%%"$rs"*}
stderr=${rest#*"$rs"}
stderr=${stderr%"$rs"}
case $code in
[0-9] | [0-9][0-9] | [0-9][0-9][0-9]) ;;
*) deny "the daemon answered without an exit code" ;;
esac
printf '%s' "$stdout"
printf '%s' "$stderr" >&2
exit "$code"
