/* A tile laid on the observation's board window, in C (townhall.games.carcassonne.observer.lay):
 * its planes, its cell leaving the frontier and, along a game, its empty neighbours joining it.
 * From compiled Python each of these stores and reads takes a generic call and a new int object
 * (the window's items run to 22,000), about 4,000 instructions a tile; a view catches up on two
 * or three tiles a look. Built by the compiled build only (setup.py); the pure build runs the same
 * function in Python (observer.lay_items), tested to store alike. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

/* The window's geometry and the frontier's plane: the observer checks them against its own. */
#define WIDTH 31
#define CELLS (WIDTH * WIDTH)
#define FRONTIER 20

static void join_frontier(float *frontier, const char *occupied, long x, long y) {
    if (0 <= x && x < WIDTH && 0 <= y && y < WIDTH && !occupied[y * WIDTH + x]) {
        frontier[y * WIDTH + x] = 1.0f;
    }
}

/* lay(items, occupied, x, y, layout, planes, neighbours): a tile of `layout` at window cell
 * (x, y), which may lie beyond the window (its neighbours may not). Inside: 1 on each plane
 * planes[8 * layout ...] lists (up to a 255), 0 on the frontier, its byte of `occupied` set.
 * With `neighbours`, 1 on the frontier at each empty neighbour inside the window. */
static PyObject *lay(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 7 || !PyByteArray_Check(args[1]) || !PyBytes_Check(args[5])) {
        PyErr_SetString(PyExc_TypeError,
                        "lay(items, occupied: bytearray, x: int, y: int, layout: int, planes: bytes, neighbours: bool)");
        return NULL;
    }
    long x = PyLong_AsLong(args[2]);
    long y = PyLong_AsLong(args[3]);
    long layout = PyLong_AsLong(args[4]);
    int neighbours = PyObject_IsTrue(args[6]);
    if (PyErr_Occurred() || neighbours < 0) {
        return NULL;
    }
    Py_ssize_t planes_size = PyBytes_GET_SIZE(args[5]);
    if (layout < 0 || 8 * layout >= planes_size) {
        PyErr_Format(PyExc_IndexError, "layout %ld has no planes", layout);
        return NULL;
    }
    if (PyByteArray_GET_SIZE(args[1]) != CELLS) {
        PyErr_SetString(PyExc_ValueError, "occupied has a byte per window cell");
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(args[0], &view, PyBUF_WRITABLE | PyBUF_FORMAT) < 0) {
        return NULL;
    }
    /* The items of engine.items export their run as format "f". */
    if (view.format == NULL || strcmp(view.format, "f") != 0 || view.len < (Py_ssize_t)((FRONTIER + 1) * CELLS * 4)) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_TypeError, "lay needs the float32 items of a whole Carcassonne view");
        return NULL;
    }
    float *data = (float *)view.buf;
    float *frontier = data + FRONTIER * CELLS;
    char *occupied = PyByteArray_AS_STRING(args[1]);
    const unsigned char *planes = (const unsigned char *)PyBytes_AS_STRING(args[5]);
    if (0 <= x && x < WIDTH && 0 <= y && y < WIDTH) {
        long at = y * WIDTH + x;
        for (Py_ssize_t k = 8 * layout; k < planes_size && planes[k] != 255; k++) {
            if (planes[k] >= FRONTIER) {
                PyBuffer_Release(&view);
                PyErr_Format(PyExc_ValueError, "plane %d is not a tile's", planes[k]);
                return NULL;
            }
            data[planes[k] * CELLS + at] = 1.0f;
        }
        frontier[at] = 0.0f;
        occupied[at] = 1;
    }
    if (neighbours) {
        join_frontier(frontier, occupied, x, y - 1);
        join_frontier(frontier, occupied, x, y + 1);
        join_frontier(frontier, occupied, x + 1, y);
        join_frontier(frontier, occupied, x - 1, y);
    }
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"lay", (PyCFunction)(void (*)(void))lay, METH_FASTCALL,
     "A tile laid on the board window: its planes, the frontier around it."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "townhall.games.carcassonne._lay", NULL, 0, methods};

PyMODINIT_FUNC PyInit__lay(void) {
    PyObject *made = PyModule_Create(&module);
    if (made == NULL) {
        return NULL;
    }
    if (PyModule_AddIntConstant(made, "WIDTH", WIDTH) < 0 || PyModule_AddIntConstant(made, "FRONTIER", FRONTIER) < 0) {
        Py_DECREF(made);
        return NULL;
    }
    return made;
}
