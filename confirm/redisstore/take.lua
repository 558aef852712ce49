-- Atomic compare-and-take for one pending confirmation.
-- KEYS[1]: the record key; KEYS[2]: its attempt counter.
-- ARGV[1]: the proof presented; ARGV[2]: now in Unix microseconds;
-- ARGV[3]: the number of wrong attempts that cancels the record.
-- Returns {0} no record, {1} expired, {2, value} taken, {3} cancelled
-- (attempts used up), {4} wrong proof.
local v = redis.call('GET', KEYS[1])
if not v then
  return {0}
end
local rec = cjson.decode(v)
if tonumber(ARGV[2]) >= tonumber(rec.exp_us) then
  redis.call('DEL', KEYS[1], KEYS[2])
  return {1}
end
if rec.proof == ARGV[1] then
  redis.call('DEL', KEYS[1], KEYS[2])
  return {2, v}
end
local n = redis.call('INCR', KEYS[2])
if n == 1 then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl > 0 then
    redis.call('PEXPIRE', KEYS[2], ttl)
  end
end
if n >= tonumber(ARGV[3]) then
  redis.call('DEL', KEYS[1], KEYS[2])
  return {3}
end
return {4}
