//! `math.random` and `math.randomseed` with a generator the scene owns, so a
//! scene runs the same every time (the timeline, replay on save and puzzle
//! solutions depend on it). Plain Lua seeds its generator from the clock and
//! an address: two runs of `circle { x = math.random() }` differed.
//!
//! The generator is xoshiro256** (Blackman and Vigna), seeded through
//! splitmix64 from `world.seed` (default 0) when the scene loads. Its four
//! words go into snapshots, so a continued run draws the same numbers as the
//! uninterrupted one. The call forms and errors follow Lua 5.4's manual;
//! the numbers drawn are our generator's, not Lua's.

use super::error::scene_err;
use super::sim::SceneContext;
use mlua::{Lua, Value};
use serde::{Deserialize, Serialize};

/// The seed a scene starts with unless it sets `world.seed`.
pub const DEFAULT_SEED: i64 = 0;

/// xoshiro256** state plus the seed it came from (what `world.seed` reads).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Random {
    pub seed: i64,
    pub state: [u64; 4],
}

impl Default for Random {
    fn default() -> Self {
        Random::seeded(DEFAULT_SEED)
    }
}

impl Random {
    pub fn seeded(seed: i64) -> Random {
        // splitmix64: spreads any seed (0 included) over the four words.
        let mut x = seed as u64;
        let mut next = || {
            x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        Random {
            seed,
            state: [next(), next(), next(), next()],
        }
    }

    /// A state read from a file: all-zero words would draw zeros forever.
    pub fn is_valid(&self) -> bool {
        self.state != [0; 4]
    }

    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.state;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A float in [0, 1) with 53 random bits.
    pub fn next_float(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// An integer in [lo, hi] (lo ≤ hi), without modulo bias.
    pub fn next_in(&mut self, lo: i64, hi: i64) -> i64 {
        let span = (hi as u64).wrapping_sub(lo as u64);
        if span == u64::MAX {
            return self.next_u64() as i64;
        }
        let n = span + 1;
        // Reject the top partial block of 2^64 so every value is as likely.
        let zone = u64::MAX - (u64::MAX % n + 1) % n;
        loop {
            let r = self.next_u64();
            if r <= zone {
                return (lo as u64).wrapping_add(r % n) as i64;
            }
        }
    }
}

fn integer_arg(lua: &Lua, v: &Value, n: usize, fname: &str) -> mlua::Result<i64> {
    let bad = |what: &str| scene_err(lua, format!("bad argument #{n} to '{fname}' ({what})"));
    match v {
        Value::Integer(i) => Ok(*i),
        Value::Number(x) => {
            if x.fract() == 0.0 && *x >= -9.223_372_036_854_776e18 && *x < 9.223_372_036_854_776e18
            {
                Ok(*x as i64)
            } else {
                Err(bad("number has no integer representation"))
            }
        }
        Value::String(_) => match lua.coerce_integer(v.clone())? {
            Some(i) => Ok(i),
            None => Err(bad("number expected, got string")),
        },
        other => Err(bad(&format!("number expected, got {}", other.type_name()))),
    }
}

fn with_random<R>(lua: &Lua, f: impl FnOnce(&mut Random) -> R) -> R {
    let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
    let mut sim = ctx.sim.borrow_mut();
    f(&mut sim.random)
}

/// Replace `math.random` and `math.randomseed` by the scene's generator.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let math: mlua::Table = lua.globals().get("math")?;
    math.raw_set(
        "random",
        lua.create_function(|lua, args: mlua::Variadic<Value>| {
            let value = match args.len() {
                0 => Value::Number(with_random(lua, Random::next_float)),
                1 | 2 => {
                    let (lo, hi) = if args.len() == 1 {
                        let m = integer_arg(lua, &args[0], 1, "random")?;
                        if m == 0 {
                            // random(0): an integer with all bits random.
                            return Ok(Value::Integer(with_random(lua, Random::next_u64) as i64));
                        }
                        (1, m)
                    } else {
                        (
                            integer_arg(lua, &args[0], 1, "random")?,
                            integer_arg(lua, &args[1], 2, "random")?,
                        )
                    };
                    if lo > hi {
                        let n = if args.len() == 1 { 1 } else { 2 };
                        return Err(scene_err(
                            lua,
                            format!("bad argument #{n} to 'random' (interval is empty)"),
                        ));
                    }
                    Value::Integer(with_random(lua, |r| r.next_in(lo, hi)))
                }
                _ => return Err(scene_err(lua, "wrong number of arguments to 'random'")),
            };
            Ok(value)
        })?,
    )?;
    math.raw_set(
        "randomseed",
        lua.create_function(|lua, args: mlua::Variadic<Value>| {
            // Without an argument plain Lua picks a random seed; here the
            // scene's own seed starts over, so the run stays repeatable.
            let seed = match args.first() {
                Some(v) => integer_arg(lua, v, 1, "randomseed")?,
                None => with_random(lua, |r| r.seed),
            };
            with_random(lua, |r| *r = Random::seeded(seed));
            Ok(seed)
        })?,
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_draws_the_same_numbers_and_another_seed_others() {
        let (mut a, mut b, mut c) = (Random::seeded(7), Random::seeded(7), Random::seeded(8));
        let xs: Vec<u64> = (0..100).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..100).map(|_| b.next_u64()).collect();
        let zs: Vec<u64> = (0..100).map(|_| c.next_u64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(xs, zs);
        assert!(Random::seeded(0).is_valid());
    }

    #[test]
    fn ranges_are_inclusive_and_unbiased_enough() {
        let mut r = Random::seeded(1);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            let v = r.next_in(1, 6);
            assert!((1..=6).contains(&v));
            counts[(v - 1) as usize] += 1;
        }
        for c in counts {
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
        for _ in 0..1000 {
            let f = r.next_float();
            assert!((0.0..1.0).contains(&f));
            assert_eq!(r.next_in(i64::MIN, i64::MIN), i64::MIN);
        }
        // The whole integer range works (no overflow).
        r.next_in(i64::MIN, i64::MAX);
    }
}
