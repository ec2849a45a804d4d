//! The Python ints of a game's actions, each made once and shared by every list of legal
//! actions: a list of n actions then costs n references, not n new ints (an int past 256 is a
//! new object each time Python is given one, made and freed again at every step).

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyInt, PyList};

/// The ints of the actions below a bound, made as they are first asked for.
pub struct ActionInts {
    ints: Box<[PyOnceLock<Py<PyInt>>]>,
}

impl ActionInts {
    /// The most actions kept (16 bytes each): a larger encoding keeps its first ones, and an
    /// action past them is a new int each time.
    pub const MOST: u64 = 1 << 16;

    /// The ints of an encoding of `size` actions.
    pub fn new(size: u64) -> ActionInts {
        let kept = size.min(Self::MOST) as usize;
        ActionInts {
            ints: (0..kept).map(|_| PyOnceLock::new()).collect(),
        }
    }

    /// The int of action `a`.
    #[inline]
    pub fn int<'py>(&self, py: Python<'py>, a: u64) -> Bound<'py, PyInt> {
        let make = || {
            let Ok(int) = a.into_pyobject(py);
            int
        };
        match self.ints.get(a as usize) {
            Some(cell) => cell.get_or_init(py, || make().unbind()).bind(py).clone(),
            None => make(),
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
