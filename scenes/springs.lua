-- Seed 000, experiment 4: masses hanging on springs, undamped and damped.
-- Springs are soft constraints with the given k (N/m) and damping (N·s/m):
-- stable for any k, exact k at equilibrium. Three undamped springs, (m, k) =
-- (2, 50), (1, 400), (0.5, 5): the period must be within 0.5 % of
-- 2 pi sqrt(m/k) over 12 periods (DESIGN.md §5), and the amplitude must not
-- fall (kept > 0.98). Two damped ones, (m, k, c) = (2, 50, 1), (1, 100, 2):
-- the amplitude must fall per period by exp(-zeta omega_n T_d), each period
-- within 3 %, over 6 periods. Each mass is released 0.5 m below its
-- equilibrium; the springs hang side by side and never touch.
local measure = require("measure")
scene { title = "Springs: undamped and damped", camera = {4, 7, 9} }
local g, rest, top = 9.81, 2, 10
local springs = {
  { m = 2, k = 50, c = 0 }, { m = 1, k = 400, c = 0 }, { m = 0.5, k = 5, c = 0 },
  { m = 2, k = 50, c = 1 }, { m = 1, k = 100, c = 2 },
}
local longest = 0
for i, s in ipairs(springs) do
  local x = 2 * (i - 1)
  s.eq = top - rest - s.m * g / s.k
  s.ball = circle { x = x, y = s.eq - 0.5, r = 0.2, mass = s.m,
                    name = ("m=%g k=%g c=%g"):format(s.m, s.k, s.c) }
  spring { a = s.ball, anchor_b = {x, top}, length = rest, k = s.k, damping = s.c }
  local wn = math.sqrt(s.k / s.m)
  local zeta = s.c / (2 * math.sqrt(s.k * s.m))
  s.period = 2 * math.pi / (wn * math.sqrt(1 - zeta * zeta))   -- T (undamped) or T_d
  s.decay = math.exp(-zeta * wn * s.period)                   -- amplitude ratio per period
  s.steps = math.floor((s.c == 0 and 12 or 6) * s.period * 60)
  s.xs = {}
  longest = math.max(longest, s.steps)
end
box { x = 4, y = top + 0.1, w = 10, h = 0.2, static = true, color = "#888888" }

-- Sample each spring's displacement from equilibrium every step of its run.
for step = 1, longest do
  world:step(1)
  for _, s in ipairs(springs) do
    if step <= s.steps then s.xs[step] = s.ball.y - s.eq end
  end
end

-- Peaks (parabola through the samples around each local maximum above 0).
local function peaks(xs)
  local out = {}
  for i = 2, #xs - 1 do
    if xs[i] > xs[i - 1] and xs[i] >= xs[i + 1] and xs[i] > 0 then
      out[#out + 1] = measure.parabola_peak(xs[i - 1], xs[i], xs[i + 1])
    end
  end
  return out
end

-- Times of the upward zero crossings, interpolated between samples.
local function upward_crossings(xs)
  local out = {}
  for i = 2, #xs do
    if xs[i - 1] < 0 and xs[i] >= 0 then
      out[#out + 1] = (i - 2 + -xs[i - 1] / (xs[i] - xs[i - 1])) / 60
    end
  end
  return out
end

local period_error, kept, decay_error = 0, math.huge, 0
for _, s in ipairs(springs) do
  local ps = peaks(s.xs)
  local name = s.ball.name
  if s.c == 0 then
    local ups = upward_crossings(s.xs)
    local period = (ups[#ups] - ups[1]) / (#ups - 1)
    local err = math.abs(period - s.period) / s.period
    measure.report(name .. " period", period, ("theory %.6f s"):format(s.period))
    measure.report(name .. " period_error", err)
    measure.report(name .. " amplitude_kept", ps[#ps] / ps[1], ("over %d periods"):format(#ps - 1))
    period_error = math.max(period_error, err)
    kept = math.min(kept, ps[#ps] / ps[1])
  else
    local worst = 0
    for i = 2, #ps do
      worst = math.max(worst, math.abs(ps[i] / ps[i - 1] - s.decay) / s.decay)
    end
    local mean = (ps[#ps] / ps[1]) ^ (1 / (#ps - 1))
    measure.report(name .. " decay_per_period", mean, ("theory %.6f"):format(s.decay))
    measure.report(name .. " worst_decay_error", worst, ("over %d periods"):format(#ps - 1))
    decay_error = math.max(decay_error, worst)
  end
end
measure.report("period_error", period_error, "worst undamped; physbox must: < 0.005")
measure.report("amplitude_kept", kept, "least undamped; must be > 0.98")
measure.report("decay_error", decay_error, "worst period of any damped one; must be < 0.03")
