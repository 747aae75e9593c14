package io.github.gpujacobi.spark;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import java.io.IOException;
import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;

/**
 * The driver's Hadoop configuration carried to the executors (Configuration is not serialisable;
 * broadcast, so each executor rebuilds it once, not once per task), and file systems as the converter wants them: the local one without .crc side files, so results
 * look exactly like the local batch's.
 */
final class HadoopFiles implements Serializable {
    private static final long serialVersionUID = 1L;
    private final HashMap<String, String> settings = new HashMap<>();
    private transient Configuration conf;

    HadoopFiles(Configuration conf) {
        for (Map.Entry<String, String> e : conf) settings.put(e.getKey(), e.getValue());
        this.conf = conf;
    }

    synchronized Configuration conf() {
        if (conf == null) {
            Configuration c = new Configuration(false);
            settings.forEach(c::set);
            conf = c;
        }
        return conf;
    }

    FileSystem of(Path p) throws IOException {
        FileSystem fs = p.getFileSystem(conf());
        return fs instanceof ChecksumFileSystem c ? c.getRawFileSystem() : fs;
    }
}
