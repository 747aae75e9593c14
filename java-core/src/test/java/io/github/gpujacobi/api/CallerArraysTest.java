package io.github.gpujacobi.api;

import io.github.gpujacobi.core.PageOutputs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Where the routes make their outputs, a call into the caller's arrays hands them those arrays, once. */
class CallerArraysTest {
    private final PageArray a = PageArray.zeros(Precision.DOUBLE, 5, 5, 3);
    private final PageArray values = PageArray.zeros(Precision.DOUBLE, 5, 1, 3), vectors = PageArray.zeros(Precision.DOUBLE, 5, 5, 3);

    @AfterEach
    void unbind() {
        CallerArrays.unbind();
    }

    @Test
    void theFirstRequestOfTheirShapeTakesThem() {
        CallerArrays.bind(Operation.EIG, values, vectors);
        PageOutputs.Eig first = PageOutputs.eig(a, true);
        assertSame(values, first.values);
        assertSame(vectors, first.vectors);
        PageOutputs.Eig second = PageOutputs.eig(a, true);
        assertNotSame(values, second.values, "taken once: a later request gets arrays of its own");
    }

    @Test
    void aOnePageCallDoesNotAdoptItsWorkingArray() {
        PageArray x = PageArray.zeros(Precision.DOUBLE, 5, 5, 1);
        CallerArrays.bind(Operation.INV, x);
        assertFalse(PageOutputs.mayAdopt(Precision.DOUBLE, 1), "the result goes into the caller's array");
        assertSame(x, PageOutputs.zeros(Precision.DOUBLE, 5, 5, 1));
    }

    @Test
    void anotherShapeOrKindLeavesThemBound() {
        CallerArrays.bind(Operation.EIG, values, vectors);
        assertNotSame(values, PageOutputs.eig(a, false).values, "values only: not the call given vectors");
        assertNotSame(values, PageOutputs.eig(a.to(Precision.SINGLE), true).values, "another class");
        assertNotSame(vectors, PageOutputs.zeros(Precision.DOUBLE, 5, 5, 3), "not an inverse's");
        assertTrue(CallerArrays.bound(3));
        assertSame(vectors, PageOutputs.eigLater(a, true).get().vectors, "the deferred outputs are the caller's, made now");
        assertFalse(CallerArrays.bound(3));
    }

    @Test
    void svdAndInverse() {
        PageArray s = PageArray.zeros(Precision.SINGLE, 2, 1, 1), u = PageArray.zeros(Precision.SINGLE, 6, 2, 1),
                v = PageArray.zeros(Precision.SINGLE, 2, 2, 1);
        PageArray tall = PageArray.zeros(Precision.SINGLE, 6, 2, 1);
        CallerArrays.bind(Operation.SVD, s, u, v);
        assertNotSame(u, PageOutputs.svd(tall, true, false).u, "full U is 6x6, these are the economy size");
        PageOutputs.Svd got = PageOutputs.svdLater(tall, true, true).all();
        assertTrue(got.s == s && got.u == u && got.v == v);
        CallerArrays.bind(Operation.INV, vectors);
        assertTrue(PageOutputs.mayAdopt(Precision.DOUBLE, 1), "another page count: the binding is not this call's");
        assertSame(vectors, PageOutputs.zerosLater(Precision.DOUBLE, 5, 5, 3).get());
    }
}
