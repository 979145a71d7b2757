#!/usr/bin/env bash
# Makes sure what the test suite needs is present and running: Debian's
# Chromium, ffmpeg and fpcalc, PostgreSQL on 127.0.0.1:5432 (trust auth) and Redis on :6379.
# Installs with apt-get when missing (the suite runs as root in CI).
set -euo pipefail

apt_updated=0
apt_install() {
	if [ "$(id -u)" != "0" ]; then
		echo "Missing $*; install it (needs root): apt-get install $*" >&2
		exit 1
	fi
	if [ "$apt_updated" = 0 ]; then
		apt-get update -qq
		apt_updated=1
	fi
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if [ ! -x /usr/bin/chromium ]; then
	echo "Installing Chromium…"
	apt_install chromium fonts-liberation
fi

# Debian's ffmpeg (the bundled static one lacks Chromaprint) and fpcalc: the intro and
# credits markers are found by Chromaprint fingerprints, and their tests need one of them.
if ! command -v fpcalc >/dev/null 2>&1 || [ ! -x /usr/bin/ffmpeg ]; then
	echo "Installing ffmpeg and Chromaprint…"
	apt_install ffmpeg libchromaprint-tools
fi

if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
	if ! command -v pg_ctlcluster >/dev/null 2>&1; then
		echo "Installing PostgreSQL…"
		apt_install postgresql
	fi
	version=$(ls /etc/postgresql | sort -V | tail -n 1)
	conf=/etc/postgresql/$version/main
	# Local test server: trust auth on loopback, as on the project's machines.
	if ! grep -q "^host all all 127.0.0.1/32 trust" "$conf/pg_hba.conf"; then
		sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\nlocal all all trust' "$conf/pg_hba.conf"
	fi
	pg_ctlcluster --skip-systemctl-redirect "$version" main start || pg_ctlcluster "$version" main start
	for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi

if ! (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; then
	if ! command -v redis-server >/dev/null 2>&1; then
		echo "Installing Redis…"
		apt_install redis-server
	fi
	mkdir -p /var/lib/redis /var/log/redis
	redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log
	for _ in $(seq 1 30); do (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null && break; sleep 1; done
fi

echo "Test services ready: chromium, ffmpeg + chromaprint, postgresql (127.0.0.1:5432), redis (127.0.0.1:6379)"
