-- wrk script for scripts/load-server: each request posts one of the generated animations (in
-- turn) for a 160x160 animated WebP thumbnail. Counts responses by status; each thread stops after
-- MAX_REQUESTS responses, so the run is bounded in count as well as in time (-d).
local max_requests = tonumber(os.getenv("MAX_REQUESTS") or "20000")
local files = {}
for name in string.gmatch(os.getenv("UPLOADS") or "", "[^:]+") do
  local f = assert(io.open(name, "rb"))
  files[#files + 1] = f:read("*all")
  f:close()
end
assert(#files > 0, "UPLOADS names no file")

local threads = {}
function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

local next_file = 0
statuses = {}
responses = 0

function init(args)
  next_file = id or 0
end

function request()
  next_file = next_file % #files + 1
  return wrk.format("POST", "/v1/thumbnail?format=webp&width=160&height=160",
    { ["Content-Type"] = "application/octet-stream" }, files[next_file])
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  responses = responses + 1
  if responses >= max_requests then wrk.thread:stop() end
end

function done(summary, latency, requests)
  local totals = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do
      totals[status] = (totals[status] or 0) + count
    end
  end
  local line = "statuses:"
  for status, count in pairs(totals) do line = line .. " " .. status .. "=" .. count end
  print(line)
  print(string.format("throughput: %.1f requests/s", summary.requests / (summary.duration / 1e6)))
  print(string.format("latency ms: p50 %.1f, p90 %.1f, p99 %.1f, max %.1f",
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
