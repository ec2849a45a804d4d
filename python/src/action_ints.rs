//! The Python ints of a game's actions, each made once and shared by every list of legal
//! actions: a list of n actions then costs n references, not n new ints (an int past 256 is a
//! new object each time Python is given one, made and freed again at every step).

use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList};

/// The ints of the actions below a bound, made when the game is loaded.
pub struct ActionInts {
    ints: Vec<Py<PyInt>>,
}

impl ActionInts {
    /// The most actions kept (an int and a pointer each, some 40 bytes): a larger encoding
    /// keeps its first ones, and an action past them is a new int each time.
    pub const MOST: u64 = 1 << 15;

    /// The ints of an encoding of `size` actions.
    pub fn new(py: Python<'_>, size: u64) -> ActionInts {
        ActionInts {
            ints: (0..size.min(Self::MOST))
                .map(|a| Self::made(py, a).unbind())
                .collect(),
        }
    }

    /// A new int of action `a`.
    fn made(py: Python<'_>, a: u64) -> Bound<'_, PyInt> {
        let Ok(int) = a.into_pyobject(py);
        int
    }

    /// The int of action `a`.
    #[inline]
    pub fn int<'py>(&self, py: Python<'py>, a: u64) -> Bound<'py, PyInt> {
        match self.ints.get(a as usize) {
            Some(int) => int.bind(py).clone(),
            None => Self::made(py, a),
        }
    }

    /// A new list of these actions' ints.
    pub fn list<'py>(
        &self,
        py: Python<'py>,
        actions: impl ExactSizeIterator<Item = u64>,
    ) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, actions.map(|a| self.int(py, a)))
    }
}
