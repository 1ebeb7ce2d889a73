-- Prints one JSON line with what the report needs after wrk's own summary.
done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"bytes":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d,"socketErrors":%d,"non2xx":%d}\n',
    summary.requests, summary.duration, summary.bytes,
    latency:percentile(50), latency:percentile(99), latency.max,
    errors.connect + errors.read + errors.write + errors.timeout, errors.status))
end
