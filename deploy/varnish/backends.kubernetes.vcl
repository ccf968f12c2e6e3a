# The instances in Kubernetes, for default.vcl: one backend, the site Service (service.yaml), which
# spreads over the ready pods itself; the director `site` keeps default.vcl the same as in
# compose. The probe asks /readyz through the Service: sick only when no pod is ready, and then
# default.vcl serves stale copies (stale-if-error). The Service's address is resolved when the
# VCL loads; a ClusterIP does not change.
probe ready {
    .url = "/readyz";
    .interval = 2s;
    .timeout = 2s;
    .window = 3;
    .threshold = 2;
    .initial = 2;
}

backend service { .host = "site"; .port = "80"; .probe = ready; .connect_timeout = 2s; .first_byte_timeout = 30s; .between_bytes_timeout = 30s; }

sub vcl_init {
    new site = directors.round_robin();
    site.add_backend(service);
}
