# Sweep counts of the blocked one-sided Jacobi (one inner two-sided sweep per block pair, relative test),
# on X = R' (QR preconditioning, as committed) against Y = R2' (dgejsv's second factorisation R' = Q2 R2).
import numpy as np, sys
def rr(k):  # round-robin pairings of k items, k-1 steps
    idx=list(range(k)); out=[]
    for s in range(k-1):
        out.append([(idx[i], idx[k-1-i]) for i in range(k//2)])
        idx=[idx[0]]+[idx[-1]]+idx[1:-1]
    return out
def inner(G, tol, pairs):
    q=G.shape[0]; A=G.copy(); R=np.eye(q); rot=0
    for step in pairs:
        p=np.array([a for a,b in step]); r=np.array([b for a,b in step])
        app=A[p,p]; aqq=A[r,r]; apq=A[p,r]
        do=np.abs(apq) > tol*np.sqrt(app*aqq)
        if not do.any(): continue
        rot+=do.sum()
        theta=np.where(do,(aqq-app)/(2*np.where(do,apq,1)),0)
        t=np.where(do,np.sign(theta+(theta==0))/(np.abs(theta)+np.sqrt(1+theta**2)),0)
        c=1/np.sqrt(1+t*t); s=t*c
        J=np.eye(q); J[p,p]=c; J[r,r]=c; J[p,r]=s; J[r,p]=-s
        A=J.T@A@J; R=R@J
    return R, rot
def blocked(X, b, maxs=40):
    n=X.shape[1]; nb=n//b; tol=np.finfo(float).eps*np.sqrt(n)
    outer=rr(nb); ip=rr(2*b)
    for sw in range(1,maxs+1):
        tot=0
        for step in outer:
            for (i,j) in step:
                cols=np.r_[i*b:(i+1)*b, j*b:(j+1)*b]
                P=X[:,cols]; R,rot=inner(P.T@P, tol, ip); tot+=rot
                if rot: X[:,cols]=P@R
        if tot==0: return sw
    return maxs
rng=np.random.default_rng(1)
for n in [int(a) for a in sys.argv[1:]]:
    for b in (16,32):
        A=rng.standard_normal((n,n))
        R=np.linalg.qr(A,mode='r'); X=R.T.copy()
        s1=blocked(X.copy(),b)
        R2=np.linalg.qr(X,mode='r'); Y=R2.T.copy()
        s2=blocked(Y,b)
        print(f"n={n} b={b}: sweeps on R' {s1}, on R2' (second factorisation) {s2}", flush=True)
