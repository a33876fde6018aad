-- Issue 18 §4: a fast ball that is not a bullet against a thin *dynamic*
-- body. Each lane has a 2 m x 0.05 m plank hanging from a hinge at its top
-- and a 0.2 m ball (1 kg) fired at it from 3 m away at 20 ... 2000 m/s. No
-- gravity. The ball must hit: the hit is plastic (restitution 0) and the
-- ball strikes 1.5 m below the hinge, so angular momentum about the hinge
-- gives the plank ω = m v r / (I + m r²) (I = M L²/3) and leaves the ball
-- m r² / (I + m r²) = 45.8 % of its speed. Figures per lane: the plank's
-- spin after 1 s over that, and the ball's speed over v. Checked by
-- tests/lua_scenes.rs.
local measure = require("measure")
scene { title = "Fast balls vs hinged thin planks", camera = {0, 12, 30} }
world.gravity = {0, 0}
local speeds = {20, 50, 200, 500, 2000}
local lanes = {}
for i, v in ipairs(speeds) do
  local y = (i - 1) * 6
  local post = box { x = 0, y = y + 1.2, w = 0.2, h = 0.2, static = true }
  local plank = box { x = 0, y = y, w = 0.05, h = 2, mass = 2, name = ("plank %g"):format(v) }
  hinge { a = post, b = plank, at = {0, y + 1} }
  local ball = circle { x = -3, y = y - 0.5, r = 0.1, mass = 1, vx = v,
                        name = ("ball %g"):format(v) }
  lanes[i] = { v = v, plank = plank, ball = ball, past = -math.huge }
end
for _ = 1, 60 do world:step(1) end

local I = 2 * 2 * 2 / 3          -- plank: M L² / 3 about its top
local r = 1.5                    -- ball's height below the hinge
local worst = 0
for _, l in ipairs(lanes) do
  local expected = 1 * l.v * r / (I + 1 * r * r)
  local ratio = math.abs(l.plank.omega) / expected
  measure.report(("spin_ratio v=%g"):format(l.v), ratio,
                 ("plank spin / %.4g rad/s (angular momentum); must be 1"):format(expected))
  measure.report(("ball_speed_ratio v=%g"):format(l.v), l.ball.vx / l.v,
                 "ball's speed after / before; plastic hit: 0.4576")
  worst = math.max(worst, math.abs(ratio - 1))
end
measure.report("worst_spin_error", worst, "relative; every plank hit, none passed through")
