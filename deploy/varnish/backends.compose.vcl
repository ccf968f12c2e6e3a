# The instances of compose.yaml, for default.vcl: a round-robin director `site` over app1..app3.
# Each is probed on /readyz (server/http/readiness.ts), as an orchestrator would: an instance that
# drains after SIGTERM answers 503 there and is left out within a second, before it stops
# answering. nginx refuses /readyz from outside; Varnish asks each instance directly.
# Names are resolved when the VCL loads: after re-creating an instance, restart varnish too
# (deploy/README.md), as nginx.
probe ready {
    .url = "/readyz";
    .interval = 1s;
    .timeout = 2s;
    .window = 3;
    .threshold = 2;
    .initial = 2;
}

backend app1 { .host = "app1"; .port = "3000"; .probe = ready; .connect_timeout = 2s; .first_byte_timeout = 30s; .between_bytes_timeout = 30s; }
backend app2 { .host = "app2"; .port = "3000"; .probe = ready; .connect_timeout = 2s; .first_byte_timeout = 30s; .between_bytes_timeout = 30s; }
backend app3 { .host = "app3"; .port = "3000"; .probe = ready; .connect_timeout = 2s; .first_byte_timeout = 30s; .between_bytes_timeout = 30s; }

sub vcl_init {
    new site = directors.round_robin();
    site.add_backend(app1);
    site.add_backend(app2);
    site.add_backend(app3);
}
