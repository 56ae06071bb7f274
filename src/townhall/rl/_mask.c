/* The action mask's ones cleared and set in C (townhall.rl.mask.refresh): Python has no store into
 * a bytearray from compiled code cheaper than a generic item assignment (about 150 instructions
 * each, tens per look). Built by the compiled build only (setup.py); the pure build runs the same
 * function in Python. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* mask[id] = value for each id of a tuple of ints; -1 with an exception on a bad id. */
static int store(char *mask, Py_ssize_t size, PyObject *ids, char value) {
    Py_ssize_t count = PyTuple_GET_SIZE(ids);
    for (Py_ssize_t i = 0; i < count; i++) {
        Py_ssize_t at = PyLong_AsSsize_t(PyTuple_GET_ITEM(ids, i));
        if (at == -1 && PyErr_Occurred()) {
            return -1;
        }
        if (at < 0 || at >= size) {
            PyErr_Format(PyExc_IndexError, "action %zd is outside the mask of %zd actions", at, size);
            return -1;
        }
        mask[at] = value;
    }
    return 0;
}

static PyObject *refresh(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3 || !PyByteArray_Check(args[0]) || !PyTuple_Check(args[1]) || !PyList_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "refresh(mask: bytearray, previous: tuple, legal: list)");
        return NULL;
    }
    char *mask = PyByteArray_AS_STRING(args[0]);
    Py_ssize_t size = PyByteArray_GET_SIZE(args[0]);
    if (store(mask, size, args[1], 0) < 0) {
        return NULL;
    }
    PyObject *now = PyList_AsTuple(args[2]); /* the state may reuse its list: keep our own */
    if (now == NULL) {
        return NULL;
    }
    if (store(mask, size, now, 1) < 0) {
        Py_DECREF(now);
        return NULL;
    }
    return now;
}

static PyMethodDef methods[] = {
    {"refresh", (PyCFunction)(void (*)(void))refresh, METH_FASTCALL,
     "Clear the ones of `previous` in `mask`, set those of `legal`; return them as a tuple."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "townhall.rl._mask", NULL, 0, methods};

PyMODINIT_FUNC PyInit__mask(void) { return PyModule_Create(&module); }
