require "sequel"

require_relative "driver"

module River
end
