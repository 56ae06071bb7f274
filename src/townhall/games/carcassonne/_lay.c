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

/* The window's float32 items (engine.items exports its run as format "f"), or NULL with an
 * exception; `view` is to be released after. */
static float *window_items(PyObject *items, Py_buffer *view) {
    if (PyObject_GetBuffer(items, view, PyBUF_WRITABLE | PyBUF_FORMAT) < 0) {
        return NULL;
    }
    if (view->format == NULL || strcmp(view->format, "f") != 0 || view->len < (Py_ssize_t)((FRONTIER + 1) * CELLS * 4)) {
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_TypeError, "lay needs the float32 items of a whole Carcassonne view");
        return NULL;
    }
    return (float *)view->buf;
}

/* One tile of `layout` at window cell (x, y), maybe beyond the window; -1 with an exception. */
static int lay_one(float *data, char *occupied, long x, long y, long layout, const unsigned char *planes,
                   Py_ssize_t planes_size, int neighbours) {
    float *frontier = data + FRONTIER * CELLS;
    if (layout < 0 || 8 * layout >= planes_size) {
        PyErr_Format(PyExc_IndexError, "layout %ld has no planes", layout);
        return -1;
    }
    if (0 <= x && x < WIDTH && 0 <= y && y < WIDTH) {
        long at = y * WIDTH + x;
        for (Py_ssize_t k = 8 * layout; k < planes_size && planes[k] != 255; k++) {
            if (planes[k] >= FRONTIER) {
                PyErr_Format(PyExc_ValueError, "plane %d is not a tile's", planes[k]);
                return -1;
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
    return 0;
}

static int check_occupied(PyObject *occupied) {
    if (PyByteArray_GET_SIZE(occupied) != CELLS) {
        PyErr_SetString(PyExc_ValueError, "occupied has a byte per window cell");
        return -1;
    }
    return 0;
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
    if (PyErr_Occurred() || neighbours < 0 || check_occupied(args[1]) < 0) {
        return NULL;
    }
    Py_buffer view;
    float *data = window_items(args[0], &view);
    if (data == NULL) {
        return NULL;
    }
    int done = lay_one(data, PyByteArray_AS_STRING(args[1]), x, y, layout,
                       (const unsigned char *)PyBytes_AS_STRING(args[5]), PyBytes_GET_SIZE(args[5]), neighbours);
    PyBuffer_Release(&view);
    if (done < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

/* lay_tiles(items, occupied, placed, board, start, planes, neighbours, size, offset): `lay` for
 * each tile placed from placed[start] on, its layout the first of board[cell] and its window cell
 * (x, y) = (cell % size - offset, cell // size - offset): the cells of a table of `size` columns
 * with the window's corner at (offset, offset). */
static PyObject *lay_tiles(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 9 || !PyByteArray_Check(args[1]) || !PyList_Check(args[2]) || !PyDict_Check(args[3]) ||
        !PyBytes_Check(args[5])) {
        PyErr_SetString(PyExc_TypeError,
                        "lay_tiles(items, occupied: bytearray, placed: list, board: dict, start: int, planes: bytes, "
                        "neighbours: bool, size: int, offset: int)");
        return NULL;
    }
    Py_ssize_t start = PyLong_AsSsize_t(args[4]);
    int neighbours = PyObject_IsTrue(args[6]);
    long size = PyLong_AsLong(args[7]);
    long offset = PyLong_AsLong(args[8]);
    if (PyErr_Occurred() || neighbours < 0 || check_occupied(args[1]) < 0) {
        return NULL;
    }
    if (start < 0 || size <= 0) {
        PyErr_SetString(PyExc_ValueError, "lay_tiles starts at a tile placed and the table has columns");
        return NULL;
    }
    Py_buffer view;
    float *data = window_items(args[0], &view);
    if (data == NULL) {
        return NULL;
    }
    char *occupied = PyByteArray_AS_STRING(args[1]);
    const unsigned char *planes = (const unsigned char *)PyBytes_AS_STRING(args[5]);
    Py_ssize_t planes_size = PyBytes_GET_SIZE(args[5]);
    PyObject *placed = args[2];
    for (Py_ssize_t index = start; index < PyList_GET_SIZE(placed); index++) {
        PyObject *cell_object = PyList_GET_ITEM(placed, index);
        PyObject *entry = PyDict_GetItemWithError(args[3], cell_object); /* borrowed */
        long cell = PyLong_AsLong(cell_object);
        if (entry == NULL || !PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) < 1 || (cell == -1 && PyErr_Occurred())) {
            if (!PyErr_Occurred()) {
                PyErr_Format(PyExc_KeyError, "cell %ld is placed but not on the board", cell);
            }
            PyBuffer_Release(&view);
            return NULL;
        }
        long layout = PyLong_AsLong(PyTuple_GET_ITEM(entry, 0));
        if ((layout == -1 && PyErr_Occurred()) || cell < 0 ||
            lay_one(data, occupied, cell % size - offset, cell / size - offset, layout, planes, planes_size, neighbours) < 0) {
            if (!PyErr_Occurred()) {
                PyErr_Format(PyExc_ValueError, "cell %ld is not a table cell", cell);
            }
            PyBuffer_Release(&view);
            return NULL;
        }
    }
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"lay", (PyCFunction)(void (*)(void))lay, METH_FASTCALL,
     "A tile laid on the board window: its planes, the frontier around it."},
    {"lay_tiles", (PyCFunction)(void (*)(void))lay_tiles, METH_FASTCALL,
     "lay for each tile placed from placed[start] on, its layout and cell read from the board."},
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
