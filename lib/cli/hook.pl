# The installed hook entry's fast path: hook.sh hands over to this script when perl is on PATH and no PERL5*
# variable could change what perl loads. It does what hook.sh does with curl — post the agent's stdin, the event
# and the agent's project variables to the session daemon's HTTP socket and print the answer the daemon composed
# in the agent's own protocol — inside one process that starts in about a millisecond: no curl, ls, cat or
# subshell. It loads no module on Linux (perl's Socket module alone costs more than the rest of the script).
#
# As in hook.sh: anything this script cannot do quickly and surely goes to the Node client (client.js), which
# does the same job with the full checks and starts the daemon — a runtime directory that is not plainly this
# user's with mode 0700, or nobody listening on the socket (the payload is not read yet, so the Node client reads
# it and nothing runs twice). Any other failure denies the event, saying why: never a silent allow.
#
# Usage: perl -f -C0 hook.pl <node> <agent> <event> [--installed-by-hookstream]

my ($node, $agent, $event) = @ARGV;
$agent = '' unless defined $agent;
$event = '' unless defined $event;
my $here = $0 =~ m{\A(.*)/[^/]*\z}s ? $1 : '.';

sub node_client {
  exec {$node} $node, "$here/client.js", $agent, $event;
  deny("cannot start the Node client $node: $!");
}

# The same once the payload is read: the Node client gets it on a pipe, and its exit status is this script's.
sub node_client_with {
  my ($payload) = @_;
  alarm(0);
  open(my $client, '|-', $node, "$here/client.js", $agent, $event) or deny("cannot start the Node client $node: $!");
  binmode $client;
  print {$client} $payload;
  close $client;
  my $status = $?;
  exit($status & 127 ? 128 + ($status & 127) : $status >> 8);
}

sub deny {
  my ($why) = @_;
  print STDERR "hookstream ($agent): $why; the event is denied because hookstream could not decide\n";
  exit(defined $ENV{HOOKSTREAM_ON_FAILURE} && $ENV{HOOKSTREAM_ON_FAILURE} eq 'warn' ? 1 : 2);
}

sub nonempty { defined $_[0] && $_[0] ne '' }

# The daemon's directory, chosen as lib/core/runtimeDir.ts chooses it.
my $dir;
if (nonempty($ENV{HOOKSTREAM_RUNTIME_DIR})) { $dir = $ENV{HOOKSTREAM_RUNTIME_DIR} }
elsif (nonempty($ENV{XDG_RUNTIME_DIR}))     { $dir = "$ENV{XDG_RUNTIME_DIR}/hookstream" }
elsif (nonempty($ENV{HOME}))                { $dir = "$ENV{HOME}/.hookstream/run" }
else                                        { node_client() }

# A real directory (lstat: a link is not one), owned by this user and closed to everyone else. With POSIX ACLs
# the group bits of the mode are the ACL's mask, which bounds every named entry: 0700 leaves nobody else access.
my @dir = lstat $dir;
node_client() unless @dir && ($dir[2] & 0170777) == 0040700 && $dir[4] == $>;

my $socket = "$dir/daemon-http.sock";
my $address;
if ($^O eq 'linux') {
  node_client() if length($socket) > 107;
  $address = pack('S Z108', 1, $socket);    # struct sockaddr_un: AF_UNIX, the path
}
else {
  require Socket;
  $address = eval { Socket::pack_sockaddr_un($socket) };
  node_client() unless defined $address;
}
socket(my $daemon, 1, 1, 0) or node_client();    # PF_UNIX, SOCK_STREAM: 1 and 1 on Linux and the BSDs
# A daemon gone between connect and answer is an error to read below, not a signal that ends this script.
$SIG{PIPE} = 'IGNORE';
# Nobody listening: the daemon is not started, stopped or died. Nothing was sent, so the Node client can do it all.
connect($daemon, $address) or node_client();

my $timeout_ms = $ENV{HOOKSTREAM_CLIENT_TIMEOUT_MS};
$timeout_ms = 55000 unless defined $timeout_ms && $timeout_ms =~ /\A[0-9]+\z/ && $timeout_ms > 0;
# A daemon that never reads a large payload would hold the write below: the alarm ends it, a second late at worst.
$SIG{ALRM} = sub { deny("the daemon did not answer within $timeout_ms ms") };
alarm(int($timeout_ms / 1000) + 1);

# The working directory as `pwd -P` gives it, checked to be this process's own (a deleted one is not).
my $cwd = readlink('/proc/self/cwd');
if (!defined $cwd) {
  require Cwd;
  $cwd = Cwd::getcwd();
}
my @here = stat '.';
my @named = defined $cwd ? stat $cwd : ();
deny('cannot read the working directory') unless @here && @named && $here[0] == $named[0] && $here[1] == $named[1];

binmode STDIN;
my $payload = '';
if (!-t STDIN) {
  local $/;
  $payload = <STDIN>;
  $payload = '' unless defined $payload;
}

my %escaped = map { (chr($_), sprintf('%%%02X', $_)) } 0 .. 255;
sub form { my ($value) = @_; $value =~ s/([^A-Za-z0-9_.~-])/$escaped{$1}/g; $value }

# One field per project variable the agent set; the daemon reads the project from the first one.
my $body = 'agent=' . form($agent) . '&event=' . form($event) . '&cwd=' . form($cwd);
for my $name ('CLAUDE_PROJECT_DIR', 'GEMINI_PROJECT_DIR', 'CURSOR_PROJECT_DIR') {
  $body .= "&env.$name=" . form($ENV{$name}) if defined $ENV{$name};
}
$body .= '&stdin=' . form($payload);
my $request = "POST /hook HTTP/1.0\r\nHost: hookstream\r\nContent-Type: application/x-www-form-urlencoded\r\n"
  . 'Content-Length: ' . length($body) . "\r\n\r\n" . $body;

# The daemon reads a request whole before it decides anything. A connection it closed with part of the request
# unread (the write fails, or the read below says ECONNRESET, as a unix socket does then) is one it never
# decided on — a daemon killed a moment ago, its socket not yet closed, accepts that way — so the payload goes
# to the Node client, which starts the next daemon. A connection closed after the whole request was read may
# have been decided on: that denies.
sub unread {
  my ($error) = @_;
  return $error == 32 || $error == 104 if $^O eq 'linux';    # EPIPE, ECONNRESET
  # Elsewhere by name. Not through %!, whose mere mention loads Errno.pm at compile time (a millisecond a call).
  require Errno;
  return $error == Errno::EPIPE() || $error == Errno::ECONNRESET();
}

binmode $daemon;
for (my $sent = 0; $sent < length $request;) {
  my $wrote = syswrite($daemon, $request, length($request) - $sent, $sent);
  if (!defined $wrote) {
    node_client_with($payload) if unread($! + 0);
    deny("the daemon on $socket stopped reading: $!");
  }
  $sent += $wrote;
}

# The answer arrives whole and the daemon closes (HTTP/1.0): read to the end, at most until the deadline.
my $reply = '';
my $wait = $timeout_ms / 1000;
my $readable = '';
vec($readable, fileno($daemon), 1) = 1;
while (1) {
  my ($ready, $left) = select(my $ready_set = $readable, undef, undef, $wait);
  deny("the daemon did not answer within $timeout_ms ms") if $ready == 0;
  next if $ready < 0;    # a signal: select again
  $wait = $left if defined $left;
  my $got = sysread($daemon, $reply, 65536, length $reply);
  if (!defined $got) {
    node_client_with($payload) if $reply eq '' && unread($! + 0);
    deny("the daemon on $socket broke off: $!");
  }
  last if $got == 0;
}
alarm(0);

# HTTP status 200, then `<exit code> RS <stdout> RS <stderr> RS` (lib/tools/daemonShellSocket.ts).
my ($head, $answer) = split /\r\n\r\n/, $reply, 2;
$answer = '' unless defined $answer && defined $head && $head =~ m{\AHTTP/1\.[01] 200 };
deny("the daemon's answer was cut short") unless $answer =~ /\A([^\x1e]*)\x1e([^\x1e]*)\x1e(.*)\x1e\z/s;
my ($code, $stdout, $stderr) = ($1, $2, $3);
deny('the daemon answered without an exit code') unless $code =~ /\A[0-9]{1,3}\z/;
binmode STDOUT;
binmode STDERR;
print STDOUT $stdout;
print STDERR $stderr;
close STDOUT or deny("cannot write the answer: $!");
exit $code;
