//! The command line's jobs as library calls: random playouts, matches of agents and analyses,
//! each giving the figures `ludus run`, `ludus match` and `ludus analyse` print as JSON, so that
//! the command line and the Python package report the same numbers from one function. Each runs
//! its games on the current rayon pool; the figures do not depend on the number of threads.

pub mod analysis;
pub mod contest;
pub mod playouts;

/// Told how many more games (or playouts) a job has finished, for a progress bar.
pub type Progress<'a> = &'a (dyn Fn(u64) + Sync);
