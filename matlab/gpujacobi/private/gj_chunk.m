function n = gj_chunk()
% Elements moved across the Java boundary in one call (32 MB of doubles): larger arrays go in
% column chunks, so the JVM heap never needs a second full-size copy in transit.
n = 4194304;
end
