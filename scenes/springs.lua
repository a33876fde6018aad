-- Seed 000, experiment 4: masses hanging on springs, undamped and damped.
-- Springs are soft constraints with the given k (N/m) and damping (N·s/m):
-- stable for any k, exact k at equilibrium. The undamped period must be
-- within 0.5 % of 2 pi sqrt(m/k); the damped amplitude falls per period by
-- exp(-zeta omega_n T_d) (within 3 %).
local measure = require("measure")
scene { title = "Springs: undamped and damped", camera = {0, 7, 8} }
local m, k, c = 2, 50, 1
local g = 9.81
local function hang(x, damping)
  local rest = 2
  local eq = 10 - rest - m * g / k
  local ball = circle { x = x, y = eq - 0.5, r = 0.2, mass = m }
  spring { a = ball, anchor_b = {x, 10}, length = rest, k = k, damping = damping }
  return ball, eq
end
local free, eq = hang(-1, 0)
local damped = hang(1, c)
box { x = 0, y = 10.1, w = 4, h = 0.2, static = true, color = "#888888" }

-- Measure: upward zero crossings of the undamped one, peaks of the damped one.
local wn = math.sqrt(k / m)
local zeta = c / (2 * math.sqrt(k * m))
local td = 2 * math.pi / (wn * math.sqrt(1 - zeta * zeta))
local ups, peaks = {}, {}
local prev, prev2 = free.y - eq, nil
local d1, d0 = damped.y - eq, nil
local t_prev = world.time
for _ = 1, math.floor(12 * 2 * math.pi * math.sqrt(m / k) * 60) do
  world:step(1)
  local x = free.y - eq
  if prev < 0 and x >= 0 then ups[#ups + 1] = t_prev + (world.time - t_prev) * (-prev) / (x - prev) end
  prev, t_prev = x, world.time
  local d = damped.y - eq
  if d0 and d1 > d0 and d1 >= d and d1 > 0 then peaks[#peaks + 1] = measure.parabola_peak(d0, d1, d) end
  d0, d1 = d1, d
end
local period = (ups[#ups] - ups[1]) / (#ups - 1)
local theory = 2 * math.pi * math.sqrt(m / k)
measure.report("period", period, ("theory %.6f s"):format(theory))
measure.report("period_error", math.abs(period - theory) / theory, "physbox must: < 0.005")
local ratio = (peaks[#peaks] / peaks[1]) ^ (1 / (#peaks - 1))
local expected = math.exp(-zeta * wn * td)
measure.report("decay_per_period", ratio, ("theory %.6f"):format(expected))
measure.report("decay_error", math.abs(ratio - expected) / expected, "physbox must: < 0.03")
