require "json"

require_relative "insert_opts"
require_relative "job"

require_relative "client"
require_relative "driver"
require_relative "unique_bitmask"

module River
end
