/** The version Vitrine reports (`vitrine --version`, the plugin API): one home, cheap to import. */
export const VERSION = '0.1.0';
