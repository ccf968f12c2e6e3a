#!/bin/sh
# Starts varnishd for default.vcl (the image's entrypoint: deploy/varnish/Dockerfile).
#
# The purge token comes as EDGE_PURGE_TOKEN, the same setting the instances purge with (compose's
# site.env, or the cluster's site-secrets): written to the file default.vcl reads
# (std.fileread), on the tmpfs workdir, readable by this user alone. varnishd then starts with no
# environment but PATH, so neither the token nor any other setting of site.env reaches it.
set -eu
WORKDIR=/var/lib/varnish
token="${EDGE_PURGE_TOKEN:-}"
case "$token" in
  *[!!-~]*) echo "EDGE_PURGE_TOKEN: printable ASCII without spaces" >&2; exit 1 ;;
esac
# The same refusal as the app's for its secrets (server/config.ts): an example is no secret.
case "$token" in
  *[Cc]hange*[Mm]e*|*[Rr]eplace*|*[Ee]xample*|*[Pp]laceholder*)
    echo "EDGE_PURGE_TOKEN: a placeholder (change-me, replace-…, example): put in a token of your own" >&2; exit 1 ;;
esac
if [ "${#token}" -lt 16 ]; then
  echo "EDGE_PURGE_TOKEN: at least 16 characters (the instances' EDGE_PURGE_TOKEN, docs/configuration.md)" >&2
  exit 1
fi
umask 077
printf '%s' "$token" > "$WORKDIR/edge-purge-token"
unset token EDGE_PURGE_TOKEN
# -F: in the foreground, PID 1's child, logs to stderr. http_gzip_support off: the app compresses,
# and nginx chose the coding (default.vcl keeps it on the fetch too). VARNISH_SIZE: the cache's
# memory (compose.yaml, kubernetes/varnish.yaml).
exec env -i PATH="$PATH" varnishd -F \
  -n "$WORKDIR" \
  -f /etc/varnish/default.vcl \
  -a http=:6081,HTTP \
  -a purge=:6082,HTTP \
  -p http_gzip_support=off \
  -s "malloc,${VARNISH_SIZE:-256m}" \
  "$@"
