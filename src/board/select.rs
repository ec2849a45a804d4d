//! The k-th set bit of a word, a draw's last step from a random number to a site, by the CPU's
//! `pdep` instruction where the CPU has a fast one. The build stays x86-64-v2, which has no
//! `pdep`: the choice is made once per process, at run time, and a loop that wants it is
//! compiled twice through [`dispatch`], once inside a function with bmi2 enabled.
//!
//! The one `unsafe` of the crate is here: calling that function, after the CPU said it has bmi2.

use super::sites::select;

/// A loop that reads the k-th set bit of a word through the select it is given, so that it can be
/// compiled with either.
pub(crate) trait WithSelect {
    /// What the loop gives back.
    type Output;
    /// Runs the loop with `select(word, k)`, the place of the k-th set bit of `word`.
    fn run(self, select: impl Fn(u64, u32) -> u8 + Copy) -> Self::Output;
}

/// Runs `job` with `pdep` where this CPU has a fast one, else with the broadword select. Both
/// give the same bit, so a seeded run plays the same game on either.
#[inline(always)]
pub(crate) fn dispatch<J: WithSelect>(job: J) -> J::Output {
    #[cfg(target_arch = "x86_64")]
    if pdep_is_fast() {
        // SAFETY: `pdep_is_fast` saw bmi1 and bmi2 on this CPU, the features `with_pdep`
        // enables.
        #[allow(unsafe_code)]
        return unsafe { with_pdep(job) };
    }
    job.run(select)
}

/// The job compiled with bmi1 and bmi2 (`andn` for a set less another), its select one `pdep`: the job's loop is inlined here (its `run`
/// is `#[inline(always)]`), so it is this function's code that runs.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1,bmi2")]
fn with_pdep<J: WithSelect>(job: J) -> J::Output {
    // The closure is made in a bmi2 function and inherits its features.
    job.run(|w, k| pdep_select(w, k))
}

/// The place of the k-th set bit of `w` (k < its count): the bit `k` spread over `w`'s set bits.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
#[inline]
fn pdep_select(w: u64, k: u32) -> u8 {
    core::arch::x86_64::_pdep_u64(1u64 << (k & 63), w).trailing_zeros() as u8
}

/// Whether this CPU runs `pdep` fast: it has bmi1 and bmi2, and is not an AMD (or Hygon) before Zen 3,
/// which runs `pdep` in microcode, a step per set bit, slower than the broadword select. Asked
/// of the CPU once.
#[cfg(target_arch = "x86_64")]
fn pdep_is_fast() -> bool {
    static FAST: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *FAST.get_or_init(|| {
        use core::arch::x86_64::__cpuid;
        if !(std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2"))
        {
            return false;
        }
        let vendor = __cpuid(0);
        let amd_like = matches!(
            (vendor.ebx, vendor.edx, vendor.ecx),
            // "AuthenticAMD" and "HygonGenuine", as cpuid spells them in ebx, edx, ecx.
            (0x6874_7541, 0x6974_6e65, 0x444d_4163) | (0x6f67_7948, 0x6e65_476e, 0x656e_6975)
        );
        let eax = __cpuid(1).eax;
        let base = (eax >> 8) & 0xf;
        let family = base + if base == 0xf { (eax >> 20) & 0xff } else { 0 };
        !amd_like || family >= 0x19
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every set bit of some words, found by the dispatched select.
    struct EveryBit(Vec<u64>);

    impl WithSelect for EveryBit {
        type Output = Vec<(u64, u32, u8)>;
        #[inline(always)]
        fn run(self, select: impl Fn(u64, u32) -> u8 + Copy) -> Self::Output {
            let mut out = Vec::new();
            for w in self.0 {
                for k in 0..w.count_ones() {
                    out.push((w, k, select(w, k)));
                }
            }
            out
        }
    }

    #[test]
    fn the_dispatched_select_finds_what_the_broadword_select_finds() {
        let mut words = vec![1, u64::MAX, 0x8000_0000_0000_0001, 0x0123_4567_89ab_cdef];
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            words.push(x);
        }
        let found = dispatch(EveryBit(words));
        assert!(found.len() > 6000);
        for (w, k, place) in found {
            assert_eq!(place, select(w, k), "word {w:#x}, k {k}");
        }
    }
}
