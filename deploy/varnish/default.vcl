# Varnish between nginx and the instances: the purgeable edge (docs/decisions/029-a-purgeable-edge-varnish-with-xkey.md).
#
# What it does, and why:
# - keeps what the app marks cacheable (s-maxage, else max-age), for as long as it says: pages a
#   day (s-maxage=86400 with EDGE_PURGER=varnish), purged by document on each publish;
# - never keeps an answer that is private, no-store, no-cache or sets a cookie, nor any answer to a
#   preview (Prismic's preview cookie, matched as nginx.conf's $prismic_preview map matches it);
# - keys on nginx's cache key (X-Edge-Key, nginx.conf): the coding, image type, scheme, host, path
#   as sent and the one query parameter a page reads, so both caches hold the same variants and a
#   stranger's query string makes no entry; and passes what nginx would not cache (X-Edge-Bypass).
#   A request without nginx's key (Kubernetes' ingress in front) is keyed on its host, its URL as
#   sent and its coding, the app's Vary honoured;
# - tags each stored answer with its Surrogate-Key (xkey) and, on the purge listener only, purges
#   every object carrying one of the keys in `xkey-purge` (hard purge: a purged page is never
#   served again, not even stale);
# - serves a stale copy for up to a day (the app's stale-if-error) when no instance answers;
# - hands nginx the page with `s-maxage=1`: nginx keeps its own 1 s copy (its cache rules, lock
#   and stale-if-error as before) and a purge is seen everywhere within a second.
#
# Listeners (compose.yaml, kubernetes/varnish.yaml): `http` (6081) for nginx; `purge` (6082) for the
# instances' purges only. test/varnishEdge.test.ts runs this file with varnishd, rewriting only
# the include of backends.vcl (the instances) and the token's path.
vcl 4.1;

import directors;
import std;
import vsthrottle;
import xkey;

# The instances: a round-robin director named `site`, each instance probed on /readyz
# (backends.compose.vcl, app1..app3, mounted as backends.vcl by compose.yaml; backends.kubernetes.vcl,
# the site Service, the image's own).
include "backends.vcl";

# Who may purge: loopback and the private ranges the instances live in (Compose's network, a
# cluster's pod network). The purge listener is reachable only by the instances (compose.yaml's
# ports, kubernetes/varnish.yaml's NetworkPolicy) and the bearer token is checked besides.
acl purgers {
    "127.0.0.0"/8;
    "::1";
    "10.0.0.0"/8;
    "172.16.0.0"/12;
    "192.168.0.0"/16;
    "fc00::"/7;
}

sub vcl_recv {
    set req.backend_hint = site.backend();
    # Internal headers are this file's to set, never a client's.
    unset req.http.X-Edge-Purged;

    if (local.socket == "purge") {
        if (req.method != "PURGE") {
            return (synth(405, "Only PURGE here"));
        }
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        # The token the entrypoint wrote from EDGE_PURGE_TOKEN (deploy/varnish/entrypoint.sh),
        # read once per loaded VCL. No token (or a short one): every purge is refused.
        # Compared as an expression, never set in a header: varnishlog would show it.
        if (regsub(std.fileread("/var/lib/varnish/edge-purge-token"), "\s+$", "") !~ "^[!-~]{16,}$") {
            return (synth(503, "No purge token configured"));
        }
        if (req.http.Authorization != "Bearer " + regsub(std.fileread("/var/lib/varnish/edge-purge-token"), "\s+$", "")) {
            return (synth(401, "Wrong token"));
        }
        if (req.http.xkey-purge !~ "[^ ,]") {
            return (synth(400, "No keys in xkey-purge"));
        }
        # Hard purge: the objects go at once, grace and all. A soft purge would serve the old
        # page once more while refetching, which a publish must never do.
        set req.http.X-Edge-Purged = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Purged"));
    }
    if (req.method == "PURGE") {
        return (synth(405, "Not here"));
    }

    # varnishd appended nginx's address to X-Forwarded-For: drop it again, so the app (TRUST_PROXY=1)
    # takes the one entry nginx set, the visitor's, as it did with nginx in front of it alone.
    set req.http.X-Forwarded-For = regsub(req.http.X-Forwarded-For, "\s*,[^,]*$", "");

    # Field speed reports: one client's weight across every instance behind this edge. Each instance
    # counts a client's first 10 page views an hour; behind a round robin that is 10 per instance,
    # so an autoscaled pool let one client outweigh a quiet page type's visitors and hide or fire
    # the field alerts (docs/operations.md, "Field speed"). Here a client has 20 reports an hour,
    # whatever the number of instances: the visitor's address as nginx (or the ingress) set it,
    # an IPv6 one by its first four groups (its /64; fewer when written short).
    if (req.method == "POST" && req.url ~ "^/api/vitals(\?|$)") {
        set req.http.X-Edge-Client = regsub(req.http.X-Forwarded-For, "^.*,[ \t]*", "");
        if (req.http.X-Edge-Client !~ ".") {
            set req.http.X-Edge-Client = client.ip;
        }
        if (req.http.X-Edge-Client ~ ":") {
            set req.http.X-Edge-Client = regsub(regsub(req.http.X-Edge-Client, "::.*$", ""), "^(([^:]*:){3}[^:]*).*$", "\1");
        }
        if (vsthrottle.is_denied("vitals " + req.http.X-Edge-Client, 20, 1h)) {
            return (synth(429, "Too Many Requests"));
        }
        unset req.http.X-Edge-Client;
    }

    if (req.method != "GET" && req.method != "HEAD") {
        # The tracking relay's events may be sent again to another instance (vcl_backend_error),
        # as nginx.conf does: its body is kept (16 KB at most, nginx.conf) so it can be.
        if (req.method == "POST" && req.url ~ "(?i)^/+api/+meta-capi/?(\?|$)") {
            std.cache_req_body(64KB);
        }
        return (pass);
    }
    # A preview is private: never from the cache, never into it (nginx.conf's $prismic_preview).
    if (req.http.Cookie ~ "(^|;)[ \t]*io\.prismic\.preview[ \t]*=") {
        return (pass);
    }
    # What nginx would not cache itself (X-Edge-Bypass is "000" when it would).
    if (req.http.X-Edge-Bypass ~ "[^0]") {
        return (pass);
    }
    if (req.http.X-Edge-Key !~ ".") {
        # No nginx in front: the coding read as nginx.conf's $cache_coding reads it (br, then
        # gzip, each named with no q or one above 0), so one object per coding, not per string.
        if (req.http.Accept-Encoding ~ "(?i)(^|,)[ \t]*br[ \t]*(;[ \t]*q=(1(\.0{0,3})?|0\.\d{0,2}[1-9]\d{0,2}?)[ \t]*)?(,|$)") {
            set req.http.Accept-Encoding = "br";
        } elsif (req.http.Accept-Encoding ~ "(?i)(^|,)[ \t]*gzip[ \t]*(;[ \t]*q=(1(\.0{0,3})?|0\.\d{0,2}[1-9]\d{0,2}?)[ \t]*)?(,|$)") {
            set req.http.Accept-Encoding = "gzip";
        } else {
            unset req.http.Accept-Encoding;
        }
    }
    # The coding nginx chose, for the fetch (varnishd would otherwise ask for gzip: vcl_backend_fetch).
    set req.http.X-Edge-Coding = req.http.Accept-Encoding;
    # Stale copies: while an instance answers, at most the app's stale-while-revalidate (60 s,
    # refreshed in the background); when none does, the object's whole grace (stale-if-error).
    if (std.healthy(req.backend_hint)) {
        set req.grace = 60s;
    }
    return (hash);
}

sub vcl_hash {
    if (req.http.X-Edge-Key ~ ".") {
        # nginx's key holds the host, the scheme, the coding and the query it keeps.
        hash_data(req.http.X-Edge-Key);
    } else {
        hash_data(req.http.host);
        hash_data(req.url);
        hash_data(req.http.Accept-Encoding);
    }
    return (lookup);
}

sub vcl_backend_fetch {
    # (X-Edge-Key and X-Edge-Bypass go on to the app, which ignores them, as without Varnish.)
    if (bereq.http.X-Edge-Coding ~ ".") {
        set bereq.http.Accept-Encoding = bereq.http.X-Edge-Coding;
    } elsif (bereq.http.X-Edge-Coding) {
        unset bereq.http.Accept-Encoding;
    }
    unset bereq.http.X-Edge-Coding;
}

sub vcl_backend_response {
    # An instance draining or restarting (502-504): another one, as nginx.conf's proxy_next_upstream.
    if (beresp.status >= 502 && beresp.status <= 504 && bereq.retries < 2 &&
        (bereq.method == "GET" || bereq.method == "HEAD")) {
        return (retry);
    }
    # A background refresh that failed keeps the stale copy.
    if (beresp.status >= 500 && bereq.is_bgfetch) {
        return (abandon);
    }
    # nginx's key holds what the answer depends on (nginx.conf's proxy_ignore_headers Vary): one
    # object per key, the app's Vary given back to the visitor on delivery. Without it, Varnish
    # keeps a variant per value of what Vary names.
    if (beresp.http.Vary && bereq.http.X-Edge-Key ~ ".") {
        set beresp.http.X-Edge-Vary = beresp.http.Vary;
        unset beresp.http.Vary;
    }
    if (bereq.uncacheable) {
        return (deliver);
    }
    # Only what the app marks cacheable with a lifetime of its own: no heuristic default_ttl.
    if (beresp.http.Set-Cookie ||
        beresp.http.Cache-Control ~ "(?i)(^|[ ,])(private|no-store|no-cache)([ ,=]|$)" ||
        beresp.http.Cache-Control !~ "(?i)(^|[ ,])(s-maxage|max-age)=0*[1-9]") {
        # Remembered for 2 minutes as "fetch, don't wait": requests for it are not queued
        # behind one another (Varnish's hit-for-miss).
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
        unset beresp.http.Surrogate-Key;
    }
    # Grace: the app's stale-if-error (a day), else its stale-while-revalidate; req.grace bounds
    # it to 60 s while an instance is healthy (vcl_recv).
    if (beresp.http.Cache-Control ~ "(?i)stale-if-error=\d+") {
        set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "(?i)^.*stale-if-error=(\d+).*$", "\1s"), 0s);
    }
    return (deliver);
}

sub vcl_backend_error {
    # No instance answered (refused, timed out): another one, for what may be sent twice.
    if (bereq.retries < 2 &&
        (bereq.method == "GET" || bereq.method == "HEAD" || bereq.url ~ "(?i)^/+api/+meta-capi/?(\?|$)")) {
        return (retry);
    }
    # The site's own "back shortly" page when it is there (compose.yaml mounts nginx's), else plain
    # text. nginx adds Retry-After and its security headers to it, as to its own offline page.
    set beresp.http.Content-Type = "text/html; charset=utf-8";
    set beresp.http.Cache-Control = "no-store";
    set beresp.http.X-Edge-Offline = std.fileread("/etc/varnish/offline/503.html");
    if (beresp.http.X-Edge-Offline ~ "<") {
        set beresp.body = beresp.http.X-Edge-Offline;
    } else {
        set beresp.http.Content-Type = "text/plain; charset=utf-8";
        set beresp.body = "The site is not available right now. Please try again in a minute.";
    }
    unset beresp.http.X-Edge-Offline;
    return (deliver);
}

sub vcl_deliver {
    # Beyond this edge no cache is purged: nginx and any shared cache keep a purgeable page 1 s,
    # counted from now (Age 0): a page kept here is current until a purge takes it out, and a
    # cache that counts Age would otherwise find a page kept here an hour already stale.
    if (resp.http.xkey || resp.http.Surrogate-Key) {
        set resp.http.Cache-Control = regsub(resp.http.Cache-Control, "(?i)s-maxage=\d+", "s-maxage=1");
        set resp.http.Age = "0";
    }
    if (resp.http.X-Edge-Vary) {
        set resp.http.Vary = resp.http.X-Edge-Vary;
        unset resp.http.X-Edge-Vary;
    }
    # The keys are the site's own business: a visitor never sees them.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
    unset resp.http.Via;
    unset resp.http.X-Varnish;
    # For operators, beside nginx's X-Cache-Status and the app's X-Cache: HIT, MISS or PASS (not stored).
    if (obj.uncacheable) {
        set resp.http.X-Varnish-Cache = "PASS";
    } elsif (obj.hits > 0) {
        set resp.http.X-Varnish-Cache = "HIT";
    } else {
        set resp.http.X-Varnish-Cache = "MISS";
    }
    return (deliver);
}

sub vcl_synth {
    set resp.http.Cache-Control = "no-store";
    set resp.http.Content-Type = "text/plain; charset=utf-8";
    if (resp.status == 200 && req.http.X-Edge-Purged) {
        # How many objects went: for the app's log and the operator's check.
        set resp.http.X-Purged = req.http.X-Edge-Purged;
        set resp.body = "purged " + req.http.X-Edge-Purged + " objects" + {"
"};
    } else {
        set resp.body = resp.reason + {"
"};
    }
    unset resp.http.X-Varnish;
    return (deliver);
}
